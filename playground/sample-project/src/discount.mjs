import { roundCents } from './money.mjs';

/**
 * Takes `percent` percent off `total`: `applyDiscount(200, 10)` → `180`.
 * @param {number} total
 * @param {number} percent 0 to 100
 * @returns {number}
 */
export function applyDiscount(total, percent) {
  if (percent < 0 || percent > 100) throw new RangeError(`percent must be 0-100, not ${percent}`);
  // TODO: support a fixed-amount coupon as well as a percentage
  return roundCents(total - percent);
}
