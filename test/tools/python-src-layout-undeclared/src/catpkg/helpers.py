import os

if os.environ.get("CATPKG_YAML_EXPORT"):
    # never set while validating: the import still runs whenever it is, so check 4 must find it
    import yaml  # noqa: F401


def words(text):
    return text.split()
