import { describe, expect, it } from 'vitest';
import { findFreeTop } from '@/components/ui/toast-placement';

// The phone chat at 390x844: header buttons at the top, the composer dock at the bottom.
const PHONE_CONTROLS = [
  { left: 8, top: 12, right: 48, bottom: 52 }, // menu
  { left: 246, top: 12, right: 382, bottom: 52 }, // export, delete, settings
  { left: 16, top: 674, right: 390, bottom: 706 }, // quick questions
  { left: 22, top: 726, right: 368, bottom: 766 }, // composer and Send
  { left: 16, top: 784, right: 374, bottom: 833 }, // schedule button
];

describe('toast placement', () => {
  it('takes the first place from the top that covers no control', () => {
    const top = findFreeTop({ left: 12, right: 378 }, 90, PHONE_CONTROLS, 844);
    expect(top).toBe(56);
    const box = { left: 12, right: 378, top, bottom: top + 90 };
    for (const control of PHONE_CONTROLS)
      expect(box.bottom <= control.top || box.top >= control.bottom).toBe(true);
  });

  it('stays at the top where nothing is in the way', () => {
    expect(
      findFreeTop({ left: 880, right: 1264 }, 80, [{ left: 16, top: 12, right: 300, bottom: 52 }], 800),
    ).toBe(8);
  });

  it('falls back to the least covering place when the screen is full of controls', () => {
    const controls = [
      { left: 0, top: 0, right: 400, bottom: 400 },
      { left: 0, top: 420, right: 400, bottom: 844 },
    ];
    const top = findFreeTop({ left: 12, right: 378 }, 60, controls, 844);
    // The 20 px gap at 400..420 is covered least by a box that straddles it.
    expect(top).toBeGreaterThan(340);
    expect(top).toBeLessThan(420);
  });
});
