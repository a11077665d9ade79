// POST /verify: a dropped or chosen file (baked PNG, .json, .jwt) goes as
// multipart; pasted text goes as { credential } (JSON parsed, else a JWT).
import { useMutation } from '@tanstack/react-query';
import type { VerificationReport } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

/** The multipart field the server reads (VERIFY_FILE_FIELD). */
export const VERIFY_FILE_FIELD = 'file';

export type VerifyInput = { file: File } | { text: string };

export function verifyCredential(input: VerifyInput) {
  if ('file' in input) {
    const form = new FormData();
    form.append(VERIFY_FILE_FIELD, input.file, input.file.name);
    return apiRequest<VerificationReport>('/verify', { method: 'POST', body: form, auth: 'none' });
  }
  const text = input.text.trim();
  let credential: unknown = text;
  if (text.startsWith('{')) {
    try {
      credential = JSON.parse(text) as unknown;
    } catch {
      // Not JSON after all: the server answers what it is not.
    }
  }
  return apiRequest<VerificationReport>('/verify', {
    method: 'POST',
    body: { credential },
    auth: 'none',
  });
}

export function useVerifyCredential() {
  return useMutation({
    mutationFn: async (input: VerifyInput) => {
      const result = await verifyCredential(input);
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}
