// Buy-product display rules (spec 001 §4.5), declared once in engine/definition/mailing.ts.
export { BUY_PRODUCT_TEXTS, PAYMENT_STATUS, mileageUserPath, paymentStatusTag, priceText } from '../../engine/definition/mailing';
