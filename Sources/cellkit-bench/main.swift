print("cellkit-bench: not yet")
