// What the disk under a directory costs the sandbox's data directory, for the bench
// (bench-sandbox-state.mjs): the file system it is on, and how long an fdatasync of a journal
// append takes there. Every answer that changes the sandbox's state waits for one (shared by the
// requests that came meanwhile), so this is the floor under a persisted purchase's latency. On
// tmpfs (memory) a sync costs nothing and proves nothing about a disk: the bench says so.
import { realpathSync, readFileSync, statfsSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** statfs magic numbers of file systems the bench may meet, for when /proc/mounts is missing. */
const MAGIC = {
  0xef53: 'ext2/ext3/ext4',
  0x01021994: 'tmpfs',
  0x794c7630: 'overlay',
  0x9123683e: 'btrfs',
  0x58465342: 'xfs',
  0x2fc12fc1: 'zfs',
};

/** The file system `dir` is on: its type, whether it is memory (tmpfs), and where it is mounted. */
export function fileSystemOf(dir) {
  const path = realpathSync(dir);
  let best;
  try {
    for (const line of readFileSync('/proc/mounts', 'utf8').split('\n')) {
      const [device, mountPoint, type] = line.split(' ');
      if (!mountPoint) continue;
      const point = mountPoint.replace(/\\040/g, ' ');
      const inside = path === point || path.startsWith(point === '/' ? '/' : `${point}/`);
      if (inside && (!best || point.length >= best.mountPoint.length)) {
        best = { type, device, mountPoint: point };
      }
    }
  } catch {
    // No /proc (not Linux): statfs says the type by number.
  }
  const type =
    best?.type ?? MAGIC[statfsSync(path).type] ?? `type 0x${statfsSync(path).type.toString(16)}`;
  return { ...best, type, memory: type === 'tmpfs' || type === 'ramfs' };
}

/** About one purchase's journal lines. */
const APPEND_BYTES = 6 * 1024;

/**
 * Appends to a scratch file in `dir`, each followed by an fdatasync, until `more()` says stop:
 * how long each fdatasync took, in ms, sorted. `pauseMs` between appends.
 */
async function timeFdatasyncs(dir, more, pauseMs) {
  const scratch = await mkdtemp(join(dir, 'fdatasync-'));
  const line = `${'x'.repeat(APPEND_BYTES - 1)}\n`;
  const times = [];
  try {
    const handle = await open(join(scratch, 'journal.jsonl'), 'a', 0o600);
    try {
      while (more(times.length)) {
        await handle.write(line);
        const started = performance.now();
        await handle.datasync();
        times.push(performance.now() - started);
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    } finally {
      await handle.close();
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  return times.sort((a, b) => a - b);
}

/** `count` fdatasyncs after 6 KB appends in `dir`, one after another: their times, sorted. */
export function fdatasyncTimes(dir, count = 500) {
  return timeFdatasyncs(dir, (done) => done < count, 0);
}

/**
 * fdatasyncs in `dir` every `everyMs` while something else runs (the disk as the sandbox finds
 * it under load, other processes' writes included): `stop()` resolves with their times, sorted.
 */
export function sampleFdatasyncs(dir, everyMs = 20) {
  let running = true;
  const times = timeFdatasyncs(dir, () => running, everyMs);
  return {
    stop() {
      running = false;
      return times;
    },
  };
}
