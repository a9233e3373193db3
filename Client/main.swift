print("fg")
