-- Revocation readable by any verifier (issue 43, decision 0059).
--
-- A status list is published in two forms, chosen by the Accept header: the
-- VC-JWT (RS256) and the JSON credential with an embedded eddsa-rdfc-2022
-- proof. Every verification of a badge fetches its list, so a list is signed
-- once per version, not once per fetch: version counts the changes of its
-- bits (each revocation adds one), and a form is signed again only when the
-- version it was signed for is no longer the list's.
ALTER TABLE credential_status_lists ADD COLUMN version bigint NOT NULL DEFAULT 0;

-- The newest signed document of each list in each form: the compact JWS, or
-- the JSON text exactly as served. url is the list's URL it names (its id):
-- a platform moved to another PUBLIC_URL signs its lists again.
CREATE TABLE credential_status_list_signatures (
  status_list_id uuid NOT NULL REFERENCES credential_status_lists (id),
  form text NOT NULL CHECK (form IN ('vc+jwt', 'data-integrity')),
  version bigint NOT NULL,
  url text NOT NULL,
  document text NOT NULL,
  signed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (status_list_id, form)
);
