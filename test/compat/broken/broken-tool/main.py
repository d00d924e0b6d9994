"""Not a server: what is broken is tool.json, which check 3 refuses."""
print("broken-tool")
