-- An upload without a session (the registration picture, chosen before the
-- account exists) is deleted 24 hours after it was last uploaded unless a
-- profile or a badge refers to it by then. The same bytes uploaded again
-- count from the newer upload; an upload found referred to is kept from then
-- on (referenced_at), so later runs do not look at it again.
ALTER TABLE uploads ADD COLUMN last_uploaded_at timestamptz NOT NULL DEFAULT now();
UPDATE uploads SET last_uploaded_at = created_at;
ALTER TABLE uploads ADD COLUMN referenced_at timestamptz;
CREATE INDEX uploads_anonymous_unreferenced_idx ON uploads (last_uploaded_at)
  WHERE uploaded_by_kind IS NULL AND referenced_at IS NULL;

-- The CID in an image URL of this platform (`…/ipfs/<cid>`, a path or a full
-- URL), so the job finds what refers to an upload with an index lookup
-- instead of reading every profile and badge. upload-repository.ts queries
-- the same expressions.
CREATE INDEX users_profile_pic_cid_idx ON users ((substring(profile_pic FROM '/ipfs/(b[a-z2-7]+)')));
CREATE INDEX badges_image_cid_idx ON badges ((substring(image FROM '/ipfs/(b[a-z2-7]+)')));
