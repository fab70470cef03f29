import type { ReactNode } from 'react';
import { Button, Col, Form, Input, Row, Select, Space, type FormRule } from 'antd';
import type { CreatePropertyInput } from '@hsa/contracts';
import {
  bathroomChoices,
  bedroomChoices,
  propertyFormDefaults,
  toCreatePropertyBody,
  validatePropertyField,
  type PropertyFormValues,
} from './propertyForm';

export interface PropertyDetailsFormProps {
  /** Values to start from (an existing property, or an address found by lookup); defaults fill the rest. */
  initialValues?: Partial<PropertyFormValues>;
  /** Receives the POST/PATCH body once every field is valid. */
  onSubmit: (body: CreatePropertyInput) => void | Promise<void>;
  /** 'Analyze Property' for a new property, 'Save Changes' for an existing one. */
  submitLabel?: string;
  submitting?: boolean;
  /** The address of an existing property cannot be changed. */
  addressReadOnly?: boolean;
  /** Extra buttons beside the submit button, e.g. 'Back to Address'. */
  secondaryActions?: ReactNode;
  /** Distinguishes the field ids when several forms share a page. */
  name?: string;
}

const validated = (field: Parameters<typeof validatePropertyField>[0]): FormRule[] => [
  {
    validator: async (_rule, value: unknown) => {
      const message = validatePropertyField(field, value);
      if (message) throw new Error(message);
    },
  },
];

/** The spec's full property form: address, city, state, ZIP, bedrooms, bathrooms, size, year built, notes. */
export function PropertyDetailsForm({
  initialValues,
  onSubmit,
  submitLabel = 'Analyze Property',
  submitting = false,
  addressReadOnly = false,
  secondaryActions,
  name = 'property-details',
}: PropertyDetailsFormProps) {
  const [form] = Form.useForm<PropertyFormValues>();
  return (
    <Form<PropertyFormValues>
      form={form}
      name={name}
      layout="vertical"
      requiredMark
      initialValues={{ ...propertyFormDefaults, ...initialValues }}
      onFinish={(values) => onSubmit(toCreatePropertyBody({ ...propertyFormDefaults, ...initialValues, ...values }))}
      disabled={submitting}
    >
      <Form.Item label="Street address" name="address" required rules={validated('address')}>
        <Input placeholder="123 Main St" autoComplete="street-address" readOnly={addressReadOnly} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={10}>
          <Form.Item label="City" name="city" required rules={validated('city')}>
            <Input placeholder="Sacramento" autoComplete="address-level2" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item label="State" name="state" required rules={validated('state')}>
            <Input placeholder="CA" autoComplete="address-level1" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item label="ZIP code" name="zipCode" required rules={validated('zipCode')}>
            <Input placeholder="95814" autoComplete="postal-code" inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12} sm={6}>
          <Form.Item label="Bedrooms" name="bedrooms" required rules={validated('bedrooms')}>
            <Select options={bedroomChoices} allowClear />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item label="Bathrooms" name="bathrooms" required rules={validated('bathrooms')}>
            <Select options={bathroomChoices} allowClear />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          {/* Text inputs, not number spinners: a spinner clamps out-of-range values (0 became 1) and drops what it
              cannot parse without a word. What is typed stays as typed; the rules say what is wrong with it. */}
          <Form.Item label="Square footage" name="squareFootage" required rules={validated('squareFootage')}>
            <Input inputMode="numeric" autoComplete="off" suffix="sq ft" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item label="Year built" name="yearBuilt" rules={validated('yearBuilt')}>
            <Input inputMode="numeric" autoComplete="off" placeholder="e.g. 1998" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Additional info" name="additionalInfo" rules={validated('additionalInfo')}>
        <Input.TextArea
          rows={3}
          maxLength={5000}
          placeholder="Recent renovations, upgrades, or anything else a buyer should know"
        />
      </Form.Item>
      <Space wrap>
        {secondaryActions}
        <Button type="primary" htmlType="submit" loading={submitting} size="large">
          {submitLabel}
        </Button>
      </Space>
    </Form>
  );
}
