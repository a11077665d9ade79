// The spec's two upload failure toasts, each where it belongs: the server's
// refusal ("Image upload failed!" with its reason) and no answer at all
// ("An error occurred during image upload.").
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { TOASTS } from '@gets/schema';
import { Toaster } from '@/components/ui/toaster';
import { toast } from '@/lib/toast';
import { useImageUpload } from './use-image-upload';

const image = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'badge.png', { type: 'image/png' });

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('useImageUpload', () => {
  it('answers the URL and shows the success toast when the server takes the image', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: 'ok', data: { IpfsHash: 'bafy', url: '/gs-api/ipfs/bafy' } }),
      ),
    );
    render(<Toaster />);
    const { result } = renderHook(() => useImageUpload());
    let url: string | null = null;
    await act(async () => {
      url = await result.current.upload(image());
    });
    expect(url).toBe('/gs-api/ipfs/bafy');
    expect(await screen.findByText(TOASTS.success.imageUploaded)).toBeTruthy();
  });

  it('shows "Image upload failed!" with the reason when the server refuses the image', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: 'This image is too large', data: null }, { status: 413 }),
      ),
    );
    render(<Toaster />);
    const { result } = renderHook(() => useImageUpload());
    await act(async () => {
      expect(await result.current.upload(image())).toBeNull();
    });
    expect(await screen.findByText(TOASTS.error.imageUploadFailed)).toBeTruthy();
    expect(screen.getByText('This image is too large')).toBeTruthy();
  });

  it('shows "An error occurred during image upload." when no answer comes (the network)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(<Toaster />);
    const { result } = renderHook(() => useImageUpload());
    await act(async () => {
      expect(await result.current.upload(image())).toBeNull();
    });
    expect(await screen.findByText(TOASTS.error.imageUploadError)).toBeTruthy();
    expect(screen.queryByText(TOASTS.error.imageUploadFailed)).toBeNull();
  });
});
