// Uploads a chosen image with the spec's progress, success and failure toasts:
// "Image upload failed!" when the server refused the image (with its reason),
// "An error occurred during image upload." when no answer came at all.
import { useState } from 'react';
import { TOASTS } from '@gets/schema';
import { toast } from '@/lib/toast';
import { uploadImage } from '../api/upload-image';

export function useImageUpload() {
  const [isUploading, setIsUploading] = useState(false);

  /** Resolves with the image URL, or null when the upload failed (toast shown). */
  const upload = async (file: File): Promise<string | null> => {
    const id = toast.loading(TOASTS.loading.uploadingImage);
    setIsUploading(true);
    try {
      const result = await uploadImage(file);
      if (!result.success && result.status === 0) {
        toast.error(TOASTS.error.imageUploadError, { id });
        return null;
      }
      if (!result.success) {
        toast.error(TOASTS.error.imageUploadFailed, { id, description: result.message });
        return null;
      }
      toast.success(TOASTS.success.imageUploaded, { id });
      return result.data.url;
    } catch {
      toast.error(TOASTS.error.imageUploadError, { id });
      return null;
    } finally {
      setIsUploading(false);
    }
  };

  return { upload, isUploading };
}
