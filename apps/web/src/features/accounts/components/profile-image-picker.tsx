// The profile image chooser: images only, uploaded at once; shows the current
// picture (or the initials placeholder) with a change button.
import { useId, useRef } from 'react';
import { CameraIcon } from '@/components/icons/icons';
import { toast } from '@/lib/toast';
import { useImageUpload } from '../hooks/use-image-upload';

interface ProfileImagePickerProps {
  value: string | null | undefined;
  onChange: (url: string) => void;
  /** Shown in the placeholder when there is no picture. */
  name?: string;
  disabled?: boolean;
}

export function ProfileImagePicker({ value, onChange, name, disabled }: ProfileImagePickerProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { upload, isUploading } = useImageUpload();
  const initial = (name?.trim()[0] ?? '?').toUpperCase();

  return (
    <div className="flex items-center gap-4">
      <div className="relative size-20 shrink-0 overflow-hidden rounded-full bg-brand-100 ring-4 ring-brand-50">
        {value ? (
          <img src={value} alt="Profile picture" className="size-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-full place-items-center text-2xl font-bold text-brand-800"
          >
            {initial}
          </span>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label
          htmlFor={inputId}
          className={`inline-flex w-fit cursor-pointer items-center gap-2 rounded-full border border-brand-900/20 bg-white px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700 ${disabled || isUploading ? 'pointer-events-none opacity-50' : ''}`}
        >
          <CameraIcon className="size-4" />
          {value ? 'Change profile image' : 'Choose profile image'}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={disabled || isUploading}
          onChange={async (event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (!file) return;
            if (!file.type.startsWith('image/')) {
              toast.error('Please choose an image file!');
              return;
            }
            const url = await upload(file);
            if (url) onChange(url);
          }}
        />
        <p className="text-xs text-slate-500">PNG, JPEG, GIF, WebP or AVIF.</p>
      </div>
    </div>
  );
}
