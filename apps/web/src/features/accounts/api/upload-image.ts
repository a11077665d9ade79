// POST /badge/imageCreate: multipart upload (field `files`) of one image;
// answers its content id (IpfsHash) and the URL it is served at.
import type { ImageUploadData } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';

export function uploadImage(file: File) {
  const form = new FormData();
  form.append('files', file);
  return apiRequest<ImageUploadData>('/badge/imageCreate', { method: 'POST', body: form });
}
