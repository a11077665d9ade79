// GET /credentials/{id} (JSON, public) and /credentials/{id}/png (the baked
// image, the earner's session only), saved as files in the browser.
import { API_PREFIX, SESSION_STORAGE_KEYS } from '@gets/schema';
import { readStoredToken } from '@/lib/storage';
import { saveFile } from '../lib/save-file';

async function download(path: string, filename: string, withSession: boolean): Promise<void> {
  const token = withSession ? readStoredToken(SESSION_STORAGE_KEYS.user) : null;
  const response = await fetch(`${API_PREFIX}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  saveFile(await response.blob(), filename);
}

export const downloadCredentialJson = (credentialId: string) =>
  download(`/credentials/${credentialId}`, `badge-${credentialId}.json`, false);

export const downloadCredentialPng = (credentialId: string) =>
  download(`/credentials/${credentialId}/png`, `badge-${credentialId}.png`, true);
