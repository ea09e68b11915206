import { errorResponseSchema, strictObject } from '@spa/kit';
import { ADDRESS_FIELD_KEYS } from '../domain/address.js';
import { PAYMENT_METHODS, ORDER_STATUSES } from '../domain/order.js';

/**
 * Request and response shapes. Money is rupees as a JSON number with at most two decimals (stored as
 * integer paise); provider amounts are paise. Ids are uuids sent as `_id`. Errors are
 * `{ message, code, details? }`.
 */

export const bearer = [{ bearer: [] }];

export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

const uuid = { type: 'string', format: 'uuid' } as const;
const nullableDate = { type: ['string', 'null'], format: 'date-time' } as const;
const rupees = (description?: string) => ({ type: 'number', ...(description ? { description } : {}) });

export const idParams = strictObject({ id: uuid }, ['id']);
export const itemIdParams = strictObject({ itemId: uuid }, ['itemId']);

// ---------------------------------------------------------------- cart

export const addToCartBody = strictObject(
  {
    product: { ...uuid, description: 'The product id' },
    quantity: { type: 'integer', description: '1 or more (default 1), never above the stock' },
  },
  ['product'],
);

export const quantityBody = strictObject(
  { quantity: { type: 'integer', description: '1 or more, never above the stock' } },
  ['quantity'],
);

const cartItemSchema = {
  type: 'object',
  required: ['_id', 'product', 'quantity', 'price', 'priceAtAddition', 'priceChanged'],
  properties: {
    _id: uuid,
    product: {
      type: 'object',
      required: ['_id', 'name', 'image', 'images', 'price', 'stock', 'available'],
      properties: {
        _id: uuid,
        name: { type: 'string' },
        image: { type: 'string', description: 'First image URL, or empty' },
        images: { type: 'array', items: { type: 'string' } },
        price: rupees('The current price'),
        stock: { type: 'integer' },
        available: { type: 'boolean', description: 'False when the line is flagged (see unavailableReason)' },
      },
    },
    quantity: { type: 'integer' },
    price: rupees('The price when first added: what the order charges'),
    priceAtAddition: rupees('The same as price'),
    priceChanged: {
      type: 'boolean',
      description:
        'The product’s price today (product.price) is not the price at addition: checkout answers 409 PRICE_CHANGED until POST /cart/accept-prices',
    },
    unavailableReason: {
      type: 'string',
      enum: ['deleted', 'out_of_stock', 'insufficient_stock'],
      description: 'Present only when the line cannot be bought as it stands',
    },
  },
} as const;

export const cartSchema = {
  type: 'object',
  required: ['_id', 'user', 'items', 'totalPrice', 'currentTotalPrice'],
  properties: {
    _id: uuid,
    user: { type: 'string', description: 'The owner’s user id' },
    items: { type: 'array', items: cartItemSchema, description: 'In the order they were added' },
    totalPrice: rupees('Sum of price × quantity over the lines whose product still exists'),
    currentTotalPrice: rupees('The same lines at today’s prices: what an order costs after accepting them'),
  },
} as const;

// ---------------------------------------------------------------- addresses

const addressText = { type: 'string', maxLength: 1000 } as const;

export const addressBody = strictObject(
  Object.fromEntries(ADDRESS_FIELD_KEYS.map((key) => [key, addressText])),
  [],
);

export const addressSchema = {
  type: 'object',
  required: ['_id', 'id', ...ADDRESS_FIELD_KEYS, 'createdAt', 'updatedAt'],
  properties: {
    _id: uuid,
    id: uuid,
    ...Object.fromEntries(ADDRESS_FIELD_KEYS.map((key) => [key, { type: 'string' }])),
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const messageSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

// ---------------------------------------------------------------- orders

/** The selected address object as the checkout page holds it; only its `_id` is used. */
const selectedAddress = strictObject(
  {
    _id: uuid,
    id: uuid,
    ...Object.fromEntries(ADDRESS_FIELD_KEYS.map((key) => [key, { type: 'string' }])),
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
  [],
);

export const placeOrderBody = strictObject(
  {
    paymentMethod: { type: 'string', enum: [...PAYMENT_METHODS] },
    shippingAddress: {
      ...selectedAddress,
      description: 'The selected saved address (its _id); the order keeps a copy of it as it is now',
    },
    addressId: { ...uuid, description: 'Alternative to shippingAddress: the saved address id' },
    taxPrice: rupees('Ignored: the server prices the order (tax is 0)'),
    shippingPrice: rupees('Ignored: the server prices the order (shipping is free)'),
  },
  ['paymentMethod'],
);

export const deliveryBody = strictObject({ isDelivered: { type: 'boolean', description: 'Only true' } }, [
  'isDelivered',
]);

const orderItemSchema = {
  type: 'object',
  required: ['_id', 'product', 'name', 'image', 'quantity', 'price'],
  properties: {
    _id: uuid,
    product: { ...uuid, description: 'The product id' },
    name: { type: 'string' },
    image: { type: 'string' },
    quantity: { type: 'integer' },
    price: rupees('Unit price charged'),
  },
} as const;

export const orderSchema = {
  type: 'object',
  required: [
    '_id',
    'id',
    'user',
    'createdAt',
    'updatedAt',
    'orderItems',
    'shippingAddress',
    'paymentMethod',
    'itemsPrice',
    'shippingPrice',
    'taxPrice',
    'totalPrice',
    'isPaid',
    'paidAt',
    'isDelivered',
    'deliveredAt',
    'status',
  ],
  properties: {
    _id: uuid,
    id: uuid,
    user: {
      type: 'object',
      required: ['_id', 'name', 'email'],
      properties: { _id: { type: 'string' }, name: { type: 'string' }, email: { type: 'string' } },
    },
    createdAt: { type: 'string', format: 'date-time', description: 'When the order was placed' },
    updatedAt: { type: 'string', format: 'date-time' },
    orderItems: { type: 'array', items: orderItemSchema },
    shippingAddress: {
      type: 'object',
      required: ['fullName', 'address', 'city', 'postalCode', 'country', 'phone', 'state', 'label'],
      properties: {
        fullName: { type: 'string' },
        address: { type: 'string', description: 'The street line' },
        city: { type: 'string' },
        postalCode: { type: 'string' },
        country: { type: 'string' },
        phone: { type: 'string' },
        state: { type: 'string' },
        label: { type: 'string' },
      },
    },
    paymentMethod: { type: 'string', enum: [...PAYMENT_METHODS] },
    itemsPrice: rupees(),
    shippingPrice: rupees(),
    taxPrice: rupees(),
    totalPrice: rupees(),
    isPaid: { type: 'boolean' },
    paidAt: nullableDate,
    isDelivered: { type: 'boolean' },
    deliveredAt: nullableDate,
    status: {
      type: 'string',
      enum: [...ORDER_STATUSES],
      description:
        'pending_payment (ONLINE, waiting for payment until paymentExpiresAt), placed (COD), paid, delivered, cancelled',
    },
    cancelledAt: { type: 'string', format: 'date-time' },
    cancelReason: {
      type: 'string',
      enum: ['payment_expired', 'cancelled_by_customer', 'cancelled_by_admin'],
    },
    paymentExpiresAt: { type: 'string', format: 'date-time' },
  },
} as const;

const providerOrderSchema = {
  type: 'object',
  description: 'ONLINE only: open the provider checkout with it',
  required: ['id', 'amount', 'currency'],
  properties: {
    id: { type: 'string' },
    amount: { type: 'integer', description: 'Paise: totalPrice × 100, rounded' },
    currency: { type: 'string' },
  },
} as const;

export const placedOrderSchema = {
  type: 'object',
  required: ['order'],
  properties: { order: orderSchema, razorpayOrder: providerOrderSchema },
} as const;

export const orderWithPaymentSchema = {
  ...orderSchema,
  properties: { ...orderSchema.properties, razorpayOrder: providerOrderSchema },
} as const;

// ---------------------------------------------------------------- payments

const providerId = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } as const;

export const verifyPaymentBody = strictObject(
  {
    razorpay_order_id: providerId,
    razorpay_payment_id: providerId,
    razorpay_signature: { type: 'string', minLength: 1, maxLength: 200 },
  },
  ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'],
);

export const verifyPaymentSchema = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    order: { ...orderSchema, description: 'For a store order' },
    appointment: {
      type: 'object',
      required: ['_id', 'paymentMethod', 'paymentStatus', 'paidAt', 'providerOrderId', 'providerPaymentId'],
      additionalProperties: false,
      description:
        'For an appointment payment: what commerce knows of it (booking marks it Paid from commerce.payment.captured)',
      properties: {
        _id: { type: 'string' },
        paymentMethod: { type: 'string', enum: ['online'] },
        paymentStatus: { type: 'string', enum: ['Paid'] },
        paidAt: { type: 'string', format: 'date-time' },
        providerOrderId: { type: 'string' },
        providerPaymentId: { type: 'string' },
      },
    },
  },
} as const;

export const paymentConfigSchema = {
  type: 'object',
  required: ['keyId', 'checkoutUrl', 'enabled'],
  properties: {
    keyId: { type: 'string', description: 'The public key id checkout.js is opened with' },
    checkoutUrl: { type: 'string', description: 'Load the provider’s checkout script from here' },
    enabled: { type: 'boolean', description: 'False when online payment is switched off' },
  },
} as const;

export const webhookAnswerSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string' } },
} as const;

// ---------------------------------------------------------------- internal

export const appointmentPaymentBody = strictObject(
  {
    appointmentId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' },
    customerId: { type: 'string', minLength: 1, maxLength: 100 },
    amountPaise: { type: 'integer', minimum: 100, maximum: 10_000_000_00 },
    description: { type: 'string', maxLength: 255 },
    /** When booking's payment hold on the slot runs out: until then booking accepts the payment for sure. */
    payableUntil: { type: 'string', format: 'date-time' },
  },
  ['appointmentId', 'customerId', 'amountPaise'],
);
