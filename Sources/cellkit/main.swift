import Console
print("cellkit")
