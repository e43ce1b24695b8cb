import { describe, expect, it } from 'vitest';
import { resolveClientRate } from './MessageBusServerOptions.js';

const MiB = 1024 * 1024;

describe('the per-client byte share', () => {
  it('defaults to the frame limit / 16 per second and bursts of the frame limit / 8 (at least 512 KiB/s and 1 MiB)', () => {
    // 8 MiB limit: a maximum frame passes, the next one 14 s later, then one every 16 s
    expect(resolveClientRate({}, 8 * MiB)).toEqual({ bytesPerSecond: 512 * 1024, burstBytes: 1 * MiB });
    expect(resolveClientRate({}, 25 * MiB)).toEqual({ bytesPerSecond: (25 * MiB) / 16, burstBytes: (25 * MiB) / 8 });
    expect(resolveClientRate({}, 1 * MiB)).toEqual({ bytesPerSecond: 512 * 1024, burstBytes: 1 * MiB });
    expect(resolveClientRate({ clientBytesPerSecond: 0 }, 8 * MiB)).toBeUndefined();
    expect(resolveClientRate({ clientBytesPerSecond: 100, clientBurstBytes: 200 }, 8 * MiB)).toEqual({ bytesPerSecond: 100, burstBytes: 200 });
    expect(() => resolveClientRate({ clientBurstBytes: 0 }, 8 * MiB)).toThrow(/clientBurstBytes must be a positive number/);
  });
});
