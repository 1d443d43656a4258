// Registered view "buy-product-detail" (spec 001 §4.5): a member's product purchase as two cards, the product
// (variant, quantity, price as cash or miles, 'Total Price (Include Tax)') and the payment verification
// (status tag or EXPIRED, method, payment time DD/MM/YYYY HH:mm:ss, and for MILEAGE 'See Mileage User').
import { Card, Col, Descriptions, Row, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { formatDateTime, formatNumber } from '../../engine/definition/format';
import type { RecordViewProps } from '../../engine/render/recordViews';
import { useSelectorOptions } from '../../engine/render/useSelectorOptions';
import { BUY_PRODUCT_TEXTS as TEXTS, mileageUserPath, paymentStatusTag, priceText } from './buyProductTexts';

export default function BuyProductDetail({ record }: RecordViewProps) {
  const products = useSelectorOptions('mailing-product').options;
  const variants = useSelectorOptions('mailing-product-variant').options;
  const product = products.find((p) => p.value === record.mailingproductcode);
  const variant = variants.find((v) => v.value === record.inventoryvariantid);
  const tag = paymentStatusTag(record.status, record.paymentverificationtimeout, new Date());
  const method = record.paymentmethod;
  const mileage = method === 'MILEAGE';

  return (
    <Row gutter={[16, 16]} style={{ marginTop: 16 }} className="buy-product-detail">
      <Col xs={24} lg={12}>
        <Card size="small" title={TEXTS.productCard} data-testid="buy-product-card">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Product">{product?.label ?? String(record.mailingproductcode ?? '')}</Descriptions.Item>
            <Descriptions.Item label="Variant">{variant?.label ?? String(record.inventoryvariantid ?? '')}</Descriptions.Item>
            <Descriptions.Item label="Quantity">{formatNumber(record.quantity)}</Descriptions.Item>
            <Descriptions.Item label="Price">{priceText(method, record.currencycode, record.unitprice)}</Descriptions.Item>
            {!mileage && <Descriptions.Item label="Tax (%)">{formatNumber(record.taxpercent)}</Descriptions.Item>}
            <Descriptions.Item label={TEXTS.totalPrice}>
              <strong data-testid="buy-product-total">{priceText(method, record.currencycode, record.totalamount)}</strong>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          size="small"
          title={TEXTS.paymentCard}
          data-testid="buy-product-payment"
          extra={
            <Tag color={tag.color} data-testid="buy-product-status">
              {tag.text}
            </Tag>
          }
        >
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Payment Method">{mileage ? 'Mileage' : 'Cash'}</Descriptions.Item>
            <Descriptions.Item label="Payment Time">{formatDateTime(record.paymenttime) || '-'}</Descriptions.Item>
            <Descriptions.Item label="Receipt Number">{String(record.receiptnumber ?? '-')}</Descriptions.Item>
            {mileage && record.trxid != null && (
              <Descriptions.Item label="Mileage Transaction">
                <Link to={mileageUserPath(record.memberid, record.trxid)}>{TEXTS.seeMileageUser}</Link>
              </Descriptions.Item>
            )}
          </Descriptions>
        </Card>
      </Col>
    </Row>
  );
}
