-- Signed-in uploads are counted per account and, like uploads without a
-- session (0150), deleted once nothing refers to them some hours after their
-- last upload (UNUSED_UPLOADS_KEPT_HOURS; decision 0061). The pruning job
-- walks the ones not yet found referred to, oldest first.
CREATE INDEX uploads_signed_in_unreferenced_idx ON uploads (last_uploaded_at)
  WHERE uploaded_by_kind IS NOT NULL AND referenced_at IS NULL;

-- The per-account quota (UPLOADS_PER_ACCOUNT, UPLOAD_BYTES_PER_ACCOUNT) sums
-- one account's uploads at every signed-in upload.
CREATE INDEX uploads_uploaded_by_idx ON uploads (uploaded_by_id, uploaded_by_kind)
  INCLUDE (size_bytes) WHERE uploaded_by_id IS NOT NULL;
