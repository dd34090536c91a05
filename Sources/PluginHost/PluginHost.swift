// The plugin host.
