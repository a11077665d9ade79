// 1EdTech's JSON Schemas of Open Badges 3.0 (draft 2019-09), kept unchanged
// in ./reference (see its README), compiled once with ajv: the verifier's
// schema check, and what the tests validate every issued document with.
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2019, type ErrorObject } from 'ajv/dist/2019.js';
import formats from 'ajv-formats';

const referenceDir = path.join(import.meta.dirname, 'reference');

function validatorOf(file: string) {
  const ajv = new Ajv2019({ allErrors: true, strict: false });
  // ajv-formats is CommonJS: its function is the default of the default under Node's ESM.
  const addFormats = (formats as unknown as { default: typeof formats }).default ?? formats;
  addFormats(ajv);
  const schema = JSON.parse(fs.readFileSync(path.join(referenceDir, file), 'utf8')) as object;
  return ajv.compile(schema);
}

let validators: Record<'credential' | 'profile', ReturnType<typeof validatorOf>> | undefined;
const compiled = () =>
  (validators ??= {
    credential: validatorOf('achievementcredential.schema.json'),
    profile: validatorOf('profile.schema.json'),
  });

const errorsOf = (validate: ReturnType<typeof validatorOf>, document: unknown) =>
  validate(document)
    ? []
    : (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'} ${e.message}`);

/** The schema's errors for a document, or [] when it is a valid AchievementCredential. */
export const achievementCredentialErrors = (document: unknown): string[] =>
  errorsOf(compiled().credential, document);

/** The schema's errors for an issuer Profile, or []. */
export const profileErrors = (document: unknown): string[] =>
  errorsOf(compiled().profile, document);
