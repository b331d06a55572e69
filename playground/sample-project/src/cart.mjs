import { applyDiscount } from './discount.mjs';
import { formatPrice, roundCents } from './money.mjs';

/** @typedef {{ name: string, price: number, quantity: number }} Item */

/**
 * The sum of the items' prices times their quantities.
 * @param {Item[]} items
 * @returns {number}
 */
export function subtotal(items) {
  return roundCents(items.reduce((sum, item) => sum + item.price * item.quantity, 0));
}

/**
 * What the customer pays, after the discount.
 * @param {Item[]} items
 * @param {number} [discountPercent]
 * @returns {number}
 */
export function total(items, discountPercent = 0) {
  // TODO: add sales tax once we know the customer's region
  return applyDiscount(subtotal(items), discountPercent);
}

/**
 * One line per item and the total, for a receipt.
 * @param {Item[]} items
 * @param {number} [discountPercent]
 * @returns {string}
 */
export function receipt(items, discountPercent = 0) {
  const lines = items.map((item) => `${item.quantity} × ${item.name}  ${formatPrice(item.price * item.quantity)}`);
  return [...lines, `Total  ${formatPrice(total(items, discountPercent))}`].join('\n');
}
