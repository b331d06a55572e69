/**
 * Money helpers. Amounts are numbers of the currency's main unit (dollars, euros).
 */

/**
 * Formats an amount for people: `formatPrice(1234.5)` → `"$1,234.50"`.
 * @param {number} amount
 * @param {string} [currency]
 * @returns {string}
 */
export function formatPrice(amount, currency = 'USD') {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
}

/**
 * Rounds to cents.
 * @param {number} amount
 * @returns {number}
 */
export function roundCents(amount) {
  return Math.round(amount * 100) / 100;
}
