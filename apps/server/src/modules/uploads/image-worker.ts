// The entry of an image worker process (forked by image-workers.ts): it
// re-encodes one image at a time and answers over its IPC channel. Its sharp
// calls take this process's own libuv threads, on one libvips thread, so the
// API's threads (argon2, files, DNS) and all but one core stay free.
import sharp from 'sharp';
import type { ImageJob, ImageWorkerMessage } from './image-workers.ts';
import { reencodeImage, type ReencodeResult } from './reencode-image.ts';

sharp.concurrency(1);

const answer = (message: ImageWorkerMessage) => process.send?.(message);

process.on('message', (job: ImageJob) => {
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  void reencodeImage(bytes, job.type, { seconds: job.seconds })
    .catch((): ReencodeResult => ({ ok: false, reason: 'unreadable' }))
    .then((result) => answer({ id: job.id, result }));
});
// The API went away (stopped, or killed): nothing is left to answer.
process.on('disconnect', () => process.exit(0));
// Loaded: the first image's deadline starts now, not while this process started.
answer({ ready: true });
