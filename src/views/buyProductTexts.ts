// Buy-product display rules (spec 001 §4.5), declared once in domain/mailing.ts.
export { BUY_PRODUCT_TEXTS, PAYMENT_STATUS, mileageUserPath, paymentStatusTag, priceText } from '../../domain/mailing';
