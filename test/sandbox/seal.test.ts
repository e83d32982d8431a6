// @vitest-environment node
// The seal of state.json checked as the file is read, a piece at a time: whatever size the pieces
// are, a file as the sandbox wrote it is sealed, and a file changed in any byte, cut short or
// grown is not, so its records are checked again at start (persistence/seal.ts).
import { describe, expect, it } from 'vitest';
import { sealCheck, sealed } from '../../src/sandbox/persistence/seal.js';

async function sealedFile(...pieces: string[]): Promise<Buffer> {
  async function* each() {
    yield* pieces;
  }
  const bytes: Uint8Array[] = [];
  for await (const piece of sealed(each())) bytes.push(piece);
  return Buffer.concat(bytes);
}

/** The check's verdict on `file`, given to it in pieces of `size` bytes. */
function checkInPieces(file: Buffer, size: number): boolean {
  const check = sealCheck();
  for (let at = 0; at < file.length; at += size) check.update(file.subarray(at, at + size));
  return check.sealed();
}

describe('sealCheck', () => {
  it('finds a file as it was written sealed, in pieces of every size', async () => {
    const file = await sealedFile('{"merchantId":"merchant_é","journalSeq":3', ',"payments":[]');
    expect(file.toString('utf8')).toMatch(/,"sha256":"[0-9a-f]{64}"\}\n$/);
    for (let size = 1; size <= file.length; size++) {
      expect(checkInPieces(file, size), `pieces of ${size} bytes`).toBe(true);
    }
  });

  it('finds a file changed in any one byte unsealed, the seal included', async () => {
    const file = await sealedFile('{"status":"settled","cents":1999');
    for (let at = 0; at < file.length; at++) {
      const changed = Buffer.from(file);
      changed[at] = changed[at] === 0x30 ? 0x31 : 0x30;
      expect(checkInPieces(changed, 7), `byte ${at} changed`).toBe(false);
    }
  });

  it('finds a file cut short, grown, or smaller than a seal unsealed', async () => {
    const file = await sealedFile('{"payments":[]');
    for (const size of [1, 5, file.length]) {
      expect(checkInPieces(file.subarray(0, -1), size)).toBe(false);
      expect(checkInPieces(Buffer.concat([file, Buffer.from('\n')]), size)).toBe(false);
    }
    expect(checkInPieces(Buffer.from('{}\n'), 1)).toBe(false);
    expect(checkInPieces(Buffer.alloc(0), 1)).toBe(false);
  });

  it('keeps nothing of a piece by reference: the buffer a file is read into may be reused', async () => {
    const file = await sealedFile('{"payments":[]');
    const check = sealCheck();
    const buffer = Buffer.alloc(4);
    for (let at = 0; at < file.length; at += buffer.length) {
      const length = file.copy(buffer, 0, at, at + buffer.length);
      check.update(buffer.subarray(0, length));
    }
    buffer.fill(0);
    expect(check.sealed()).toBe(true);
  });
});
