// The badge image crop dialog (spec section 2): square 1:1, zoom 1 to 3,
// Save and Cancel; Save gives the cropped area as a PNG file.
import { useCallback, useId, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { CROP } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { Modal } from '@/components/ui/modal';

/** The crop of an image as a PNG file (drawn on a canvas in the browser). */
export async function cropToPng(source: string, area: Area, name = 'badge.png'): Promise<File> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width));
  canvas.height = Math.max(1, Math.round(area.height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw the cropped image');
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The cropped image could not be made');
  return new File([blob], name, { type: 'image/png' });
}

export function ImageCropDialog({
  source,
  onSave,
  onCancel,
}: {
  /** Object URL of the chosen image. */
  source: string;
  onSave: (file: File) => void;
  onCancel: () => void;
}) {
  const zoomId = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP.minZoom);
  const [area, setArea] = useState<Area | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  async function save() {
    if (!area) return;
    setSaving(true);
    setError(null);
    try {
      onSave(await cropToPng(source, area));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The image could not be cropped');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal open title="Crop badge image" onClose={onCancel} dismissible={!saving}>
      <div className="relative h-72 w-full overflow-hidden rounded-xl bg-slate-900">
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          aspect={CROP.aspect}
          minZoom={CROP.minZoom}
          maxZoom={CROP.maxZoom}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={onCropComplete}
        />
      </div>
      <div className="mt-4 flex items-center gap-3">
        <label htmlFor={zoomId} className="text-sm font-medium text-slate-700">
          Zoom
        </label>
        <input
          id={zoomId}
          type="range"
          min={CROP.minZoom}
          max={CROP.maxZoom}
          step={0.1}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="flex-1 accent-brand-800"
        />
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-5 flex justify-end gap-3">
        <button type="button" className={buttonStyles.outline} onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonStyles.primary}
          onClick={() => void save()}
          disabled={saving || !area}
        >
          Save
        </button>
      </div>
    </Modal>
  );
}
