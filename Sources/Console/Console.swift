// The console.
