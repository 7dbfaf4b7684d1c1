"""The schema's revisions, one module each, applied in the order their ``down_revision`` chain gives."""
