// The image workers as the API uses them: real worker processes running
// reencodeImage, a bounded queue answered "busy" past its end, a deadline
// that ends the process of an image that outlasts it, and a process that
// dies taking nothing else with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../../test/helpers/credentials.ts';
import { createImageWorkers, type ImageWorkers } from './image-workers.ts';
import { reencodeImage } from './reencode-image.ts';
import { noisyImage } from '../../../test/helpers/image-bombs.ts';

/** Whether a process of this id still runs. */
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function untilEnded(pid: number) {
  for (let i = 0; i < 200 && running(pid); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return !running(pid);
}

describe('image workers', () => {
  const small = makePng(16, 16);
  /** 4096 x 4096 of noise, stored without compression: seconds of decoding, scaling and encoding. */
  let slow: Buffer;
  const warnings: string[] = [];
  const log = { warn: (_details: object, message: string) => warnings.push(message) };
  const opened: ImageWorkers[] = [];
  const workers = (options: { workers?: number; queue?: number; deadlineMs?: number } = {}) => {
    const made = createImageWorkers({
      workers: options.workers ?? 1,
      queue: options.queue ?? 4,
      deadlineMs: options.deadlineMs ?? 30_000,
      log,
    });
    opened.push(made);
    return made;
  };

  beforeAll(async () => {
    slow = await noisyImage(4096, 4096).png({ compressionLevel: 0 }).toBuffer();
  });
  afterAll(async () => {
    await Promise.all(opened.map((made) => made.close()));
  });

  it('answers from a process of its own what reencodeImage answers here, and keeps that process for the next image', async () => {
    const images = workers();
    expect(images.processIds()).toEqual([]);
    const answer = await images.reencode(small, 'image/png');
    const here = await reencodeImage(small, 'image/png');
    if (!answer.ok || !here.ok) throw new Error('refused');
    expect(Buffer.isBuffer(answer.bytes)).toBe(true);
    expect(answer.bytes.equals(here.bytes)).toBe(true);
    const [pid] = images.processIds();
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    expect((await images.reencode(small, 'image/png')).ok).toBe(true);
    expect(images.processIds()).toEqual([pid]);
    // Refusals come back as they are.
    const garbage = Buffer.concat([small.subarray(0, 8), Buffer.from('no picture here')]);
    expect(await images.reencode(garbage, 'image/png')).toEqual({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('ends the process of an image that outlasts its deadline, answers too-slow, and starts a fresh one for the next', async () => {
    const images = workers({ deadlineMs: 250 });
    expect((await images.reencode(small, 'image/png')).ok).toBe(true);
    const [first] = images.processIds();
    expect(await images.reencode(slow, 'image/png')).toEqual({ ok: false, reason: 'too-slow' });
    expect(await untilEnded(first!)).toBe(true);
    expect(warnings).toContain(
      'an image took longer than its deadline; its worker process is ended',
    );
    expect((await images.reencode(small, 'image/png')).ok).toBe(true);
    const [second] = images.processIds();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('answers busy at once when every worker has an image and the queue is full, and finishes the others', async () => {
    const images = workers({ workers: 1, queue: 1 });
    const taken = images.reencode(slow, 'image/png');
    const queued = images.reencode(slow, 'image/png');
    const refused = images.reencode(small, 'image/png');
    const first = await Promise.race([taken.then(() => 'taken'), refused.then(() => 'refused')]);
    expect(first).toBe('refused');
    expect(await refused).toEqual({ ok: false, reason: 'busy' });
    expect((await taken).ok).toBe(true);
    expect((await queued).ok).toBe(true);
  });

  it('answers unreadable when its process dies with an image, and the next image gets a new process', async () => {
    const images = workers();
    expect((await images.reencode(small, 'image/png')).ok).toBe(true);
    const [pid] = images.processIds();
    const answer = images.reencode(slow, 'image/png');
    await new Promise((resolve) => setTimeout(resolve, 100));
    process.kill(pid!, 'SIGKILL');
    expect(await answer).toEqual({ ok: false, reason: 'unreadable' });
    expect((await images.reencode(small, 'image/png')).ok).toBe(true);
    expect(images.processIds()).not.toContain(pid);
  });

  it('close ends its processes and answers the images still waiting busy', async () => {
    const images = workers({ workers: 1, queue: 2 });
    expect((await images.reencode(small, 'image/png')).ok).toBe(true);
    const [pid] = images.processIds();
    const running = images.reencode(slow, 'image/png');
    const waiting = images.reencode(small, 'image/png');
    await images.close();
    expect(await running).toEqual({ ok: false, reason: 'busy' });
    expect(await waiting).toEqual({ ok: false, reason: 'busy' });
    expect(await untilEnded(pid!)).toBe(true);
    expect(await images.reencode(small, 'image/png')).toEqual({ ok: false, reason: 'busy' });
  });
});
