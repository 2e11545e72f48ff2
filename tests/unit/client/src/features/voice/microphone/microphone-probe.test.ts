// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { toMicrophones } from '@/features/voice/microphone/microphone-probe';

describe('toMicrophones', () => {
  it('lists the audio inputs, naming those the browser has not named yet', () => {
    expect(
      toMicrophones([
        { kind: 'audioinput', deviceId: 'default', label: 'Default - USB Mic' },
        { kind: 'videoinput', deviceId: 'cam', label: 'Camera' },
        { kind: 'audioinput', deviceId: 'abc', label: '' },
        { kind: 'audiooutput', deviceId: 'spk', label: 'Speakers' },
        { kind: 'audioinput', deviceId: '', label: '' },
      ]),
    ).toEqual([
      { deviceId: 'default', label: 'Default - USB Mic' },
      { deviceId: 'abc', label: 'Microphone 2' },
    ]);
  });
});
