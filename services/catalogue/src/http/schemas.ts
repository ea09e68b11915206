import { errorResponseSchema, pagingQueryProperties, strictObject } from '@spa/kit';
import { GST_RATES_BP } from '@spa/rules';

/*
 * JSON schemas shared by the routes. Fields whose absence has a message of its own in the spec
 * ("Service name is required"...) are not marked required here: the domain answers with that message.
 */

const nullableString = (maxLength: number) => ({ type: ['string', 'null'], maxLength });

export const idParams = strictObject({ id: { type: 'string', maxLength: 100 } }, ['id']);

const stringList = (maxItems: number, maxLength: number) => ({
  type: 'array',
  maxItems,
  items: { type: 'string', maxLength },
});

// Benefits and tags may come as a list or as the text the form's box holds.
const listOrText = (maxItems: number, maxLength: number) => ({
  type: ['array', 'string'],
  maxItems,
  maxLength: maxItems * maxLength,
  items: { type: 'string', maxLength },
});

const imageList = stringList(20, 300);

// ---- response shapes (documentation, and the serialiser of write answers) ----

const isoDate = { type: 'string', format: 'date-time' };
const reference = {
  type: 'object',
  required: ['_id', 'id', 'name'],
  properties: { _id: { type: 'string' }, id: { type: 'string' }, name: { type: 'string' } },
};

const ratingSchema = {
  anyOf: [
    {
      type: 'object',
      required: ['average', 'count'],
      properties: {
        average: { type: 'number', description: 'Average of the published reviews, one decimal' },
        count: { type: 'integer', description: 'How many published reviews' },
      },
    },
    { type: 'null' },
  ],
  description: 'The published reviews: null while there are none',
};

export const categorySchema = {
  type: 'object',
  required: ['_id', 'id', 'name', 'description', 'order', 'isActive', 'assignedEmployeeRole'],
  properties: {
    _id: { type: 'string' },
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    order: { type: 'integer' },
    isActive: { type: 'boolean' },
    assignedEmployeeRole: { type: 'string' },
    createdAt: isoDate,
    updatedAt: isoDate,
  },
};

const pricingSchema = {
  type: 'object',
  required: ['_id', 'id', 'duration', 'durationMinutes', 'price'],
  properties: {
    _id: { type: 'string' },
    id: { type: 'string' },
    duration: { type: 'string', description: 'Label such as "60 min"' },
    durationMinutes: { type: 'integer' },
    price: { type: 'number', description: 'Rupees, at most two decimals' },
    label: { type: 'string', description: 'Only present when set' },
  },
};

const depositPolicySchema = {
  type: 'object',
  required: ['kind', 'value', 'lateCancellationHours', 'lateCancellationFeePercent'],
  description: 'What an online booking pays when booking, and what a late cancellation keeps of it',
  properties: {
    kind: { type: 'string', enum: ['none', 'percent', 'fixed'] },
    value: {
      type: 'number',
      description:
        'percent: a whole percent (1-100) of the price; fixed: rupees, at most two decimals; none: 0',
    },
    lateCancellationHours: {
      type: 'integer',
      description: 'A cancellation less than this many hours before the start is late (0-168)',
    },
    lateCancellationFeePercent: {
      type: 'integer',
      description: 'The share of the deposit (0-100) a late cancellation keeps',
    },
  },
};

const gstBpSchema = {
  type: 'integer',
  enum: GST_RATES_BP,
  description: 'GST included in the price, in basis points (1800 = 18%)',
};

export const serviceSchema = {
  type: 'object',
  required: [
    '_id',
    'id',
    'name',
    'category',
    'pricing',
    'isActive',
    'depositPolicy',
    'sacCode',
    'gstBp',
    'rating',
  ],
  properties: {
    _id: { type: 'string' },
    id: { type: 'string' },
    name: { type: 'string' },
    category: reference,
    description: { type: 'string' },
    benefits: { type: 'array', items: { type: 'string' } },
    pricing: { type: 'array', items: pricingSchema },
    tags: { type: 'array', items: { type: 'string' } },
    isActive: { type: 'boolean' },
    images: { type: 'array', items: { type: 'string' } },
    cleanupMinutes: {
      type: 'integer',
      description: 'Buffer after the treatment before the room is used again',
    },
    depositPolicy: depositPolicySchema,
    sacCode: { type: 'string', description: 'SAC code printed on its invoice lines (6 digits, 99…)' },
    gstBp: gstBpSchema,
    rating: ratingSchema,
    createdAt: isoDate,
    updatedAt: isoDate,
  },
};

export const roomSchema = {
  type: 'object',
  required: ['_id', 'id', 'roomNumber', 'capacity', 'type', 'status', 'location', 'price'],
  properties: {
    _id: { type: 'string' },
    id: { type: 'string' },
    roomNumber: { type: 'string' },
    capacity: { type: 'string', enum: ['Single Bed', 'Double Bed'] },
    type: { type: 'string', enum: ['Silver', 'Gold', 'Diamond'] },
    status: { type: 'string', enum: ['Available', 'Occupied', 'Maintenance'] },
    location: { type: 'string' },
    price: { type: 'number', description: 'Computed: 1000, +500 Double Bed, +1000 Gold or +2000 Diamond' },
    createdAt: isoDate,
    updatedAt: isoDate,
  },
};

export const productSchema = {
  type: 'object',
  required: [
    '_id',
    'id',
    'name',
    'description',
    'price',
    'stock',
    'images',
    'productCategory',
    'hsnCode',
    'gstBp',
    'rating',
  ],
  properties: {
    _id: { type: 'string' },
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    price: { type: 'number', description: 'Rupees, at most two decimals' },
    stock: { type: 'integer', minimum: 0 },
    images: { type: 'array', items: { type: 'string' }, maxItems: 4 },
    sku: { type: ['string', 'null'] },
    weight: { type: ['string', 'null'] },
    productCategory: reference,
    subcategory: { anyOf: [reference, { type: 'null' }] },
    hsnCode: {
      type: ['string', 'null'],
      description: 'HSN code printed on its invoice lines; null: not classified',
    },
    gstBp: gstBpSchema,
    rating: ratingSchema,
    createdAt: isoDate,
    updatedAt: isoDate,
  },
};

export const productCategorySchema = {
  type: 'object',
  required: ['_id', 'id', 'name'],
  properties: {
    _id: { type: 'string' },
    id: { type: 'string' },
    name: { type: 'string' },
    createdAt: isoDate,
  },
};

export const subcategorySchema = {
  type: 'object',
  required: ['_id', 'id', 'name', 'productCategory'],
  properties: {
    _id: { type: 'string' },
    id: { type: 'string' },
    name: { type: 'string' },
    productCategory: reference,
    createdAt: isoDate,
  },
};

export const messageSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
};

export function listOf(item: object) {
  return { type: 'array', items: item };
}

/** A list answers the plain array, or { items, total, page, pageSize } when `page` is asked for. */
export function listOrPageOf(item: object) {
  return {
    anyOf: [
      listOf(item),
      {
        type: 'object',
        required: ['items', 'total', 'page', 'pageSize'],
        properties: {
          items: listOf(item),
          total: { type: 'integer' },
          page: { type: 'integer' },
          pageSize: { type: 'integer' },
        },
      },
    ],
  };
}

export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The write routes whose tax fields are checked: a bad SAC/HSN code or GST rate is a 422. */
export const writeErrors = { ...errors, 422: errorResponseSchema };

export const bearer = [{ bearer: [] }];

// Only types here: a code or rate in the wrong form gets the rules' own message (422, domain/tax-codes).
const gstBpBody = {
  type: 'number',
  description: 'GST included in the price, in basis points: 0, 500, 1200, 1800, 2800 or 4000. Default 1800',
};

// ---- request bodies ----

export const categoryBody = strictObject({
  name: nullableString(100),
  description: nullableString(2000),
  order: { type: ['integer', 'null'], maximum: 100_000 },
  isActive: { type: 'boolean' },
  assignedEmployeeRole: nullableString(100),
});

const pricingRow = strictObject({
  _id: nullableString(100),
  duration: nullableString(40),
  durationMinutes: { type: ['integer', 'null'], minimum: 1, maximum: 1440 },
  price: { type: ['number', 'null'] },
  label: nullableString(60),
});

export const serviceBody = strictObject({
  name: nullableString(120),
  category: nullableString(100),
  description: nullableString(5000),
  benefits: listOrText(30, 300),
  pricing: { type: 'array', maxItems: 50, items: pricingRow },
  tags: listOrText(30, 40),
  isActive: { type: 'boolean' },
  images: imageList,
  cleanupMinutes: { type: 'integer', minimum: 0, maximum: 240 },
  // Only types here: the rules' own messages (@spa/rules depositPolicyProblems) name what is wrong.
  depositPolicy: {
    ...strictObject(
      {
        kind: { type: 'string', maxLength: 20, description: 'none, percent or fixed' },
        value: {
          type: 'number',
          description: 'percent: a whole percent 1-100; fixed: rupees, at most two decimals. Default 0',
        },
        lateCancellationHours: { type: 'number', description: 'Whole hours, 0-168. Default 0' },
        lateCancellationFeePercent: {
          type: 'number',
          description: 'Whole percent of the deposit kept on a late cancellation, 0-100. Default 0',
        },
      },
      ['kind'],
    ),
    description: 'Left out: no deposit on create, unchanged on update',
  },
  sacCode: {
    type: 'string',
    maxLength: 40,
    description: '6 digits starting with 99. Default 999723 (physical well-being services)',
  },
  gstBp: gstBpBody,
});

export const roomBody = strictObject({
  roomNumber: { type: ['string', 'integer', 'null'], maxLength: 20, minimum: 0 },
  capacity: nullableString(20),
  type: nullableString(20),
  status: nullableString(20),
  location: nullableString(200),
  // The form sends the price it shows; it is ignored (the server computes it).
  price: { type: ['number', 'string', 'null'] },
});

export const productBody = strictObject({
  name: nullableString(200),
  description: nullableString(5000),
  price: { type: ['number', 'null'] },
  stock: { type: ['number', 'null'] },
  images: imageList,
  sku: nullableString(64),
  weight: { type: ['string', 'number', 'null'], maxLength: 40 },
  productCategory: nullableString(100),
  subcategory: nullableString(100),
  hsnCode: { ...nullableString(40), description: '4, 6 or 8 digits; null or empty: not classified' },
  gstBp: gstBpBody,
});

export const productCategoryBody = strictObject({ name: nullableString(100) });
export const subcategoryBody = strictObject({
  name: nullableString(100),
  productCategory: nullableString(100),
});

// ---- list queries ----

const paging = {
  page: {
    type: 'integer',
    minimum: 1,
    maximum: 100_000,
    description: 'Ask for one page: the answer becomes { items, total, page, pageSize }',
  },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, description: 'Default 8 (the store page size)' },
};

export const serviceListQuery = strictObject({
  category: { type: 'string', maxLength: 100, description: 'Category id' },
  search: { type: 'string', maxLength: 100, description: 'Matches name or description' },
  ...paging,
});

export const productListQuery = strictObject({
  category: { type: 'string', maxLength: 100, description: 'Product category id' },
  subcategory: { type: 'string', maxLength: 100, description: 'Subcategory id' },
  search: { type: 'string', maxLength: 100, description: 'Matches name, description or SKU' },
  ...paging,
});

export const subcategoryListQuery = strictObject({
  category: {
    type: 'string',
    maxLength: 100,
    description: 'Only the subcategories of this product category',
  },
  productCategory: { type: 'string', maxLength: 100, description: 'Same as category' },
  ...pagingQueryProperties(),
});

/**
 * The paging of the short admin-managed lists (rooms, categories, product categories, favorites):
 * without `page` the plain array of the first 100; with `page` { items, total, page, pageSize }
 * (`pageSize` default 20, at most 100). Other query parameters are ignored, as before.
 */
export const listPagingQuery = { type: 'object', properties: { ...pagingQueryProperties() } } as const;

export const DEFAULT_PAGE_SIZE = 8;

// ---- reviews ----

const reviewSubjectSchema = {
  type: 'object',
  required: ['kind', 'id', 'name'],
  properties: {
    kind: { type: 'string', enum: ['service', 'product'] },
    id: { type: 'string' },
    name: { type: 'string', description: 'As it was called when it was visited or delivered' },
  },
};

const reviewReplySchema = {
  anyOf: [
    {
      type: 'object',
      required: ['text', 'repliedAt'],
      properties: { text: { type: 'string' }, repliedAt: isoDate },
    },
    { type: 'null' },
  ],
  description: "The spa's public reply, or null",
};

const reviewStatus = { type: 'string', enum: ['published', 'hidden'] };
const nullableText = { type: ['string', 'null'] };

const publicReviewProperties = {
  _id: { type: 'string' },
  id: { type: 'string' },
  rating: { type: 'integer', minimum: 1, maximum: 5 },
  text: { type: 'string' },
  photo: { ...nullableText, description: 'An uploaded image (/uploads/…) or null' },
  authorName: { type: 'string', description: 'First name and last initial, e.g. "Priya S."' },
  verified: {
    type: 'boolean',
    description: 'Always true: only a completed visit or a delivered order is reviewed',
  },
  visitedAt: { ...isoDate, description: 'When the treatment was completed or the order delivered' },
  createdAt: isoDate,
  updatedAt: { ...isoDate, description: 'When its author last changed it' },
  reply: reviewReplySchema,
};

export const publicReviewSchema = {
  type: 'object',
  required: Object.keys(publicReviewProperties),
  properties: publicReviewProperties,
};

export const adminReviewSchema = {
  type: 'object',
  required: [...Object.keys(publicReviewProperties), 'status', 'hiddenReason', 'subject', 'authorEmail'],
  properties: {
    ...publicReviewProperties,
    authorName: { type: 'string', description: "The author's full name" },
    status: reviewStatus,
    hiddenReason: nullableText,
    subject: reviewSubjectSchema,
    authorEmail: { type: 'string', description: 'Empty when the visit or order carried none' },
  },
};

const myReviewProperties = {
  _id: { type: 'string' },
  id: { type: 'string' },
  sourceId: { type: 'string' },
  subject: reviewSubjectSchema,
  rating: { type: 'integer', minimum: 1, maximum: 5 },
  text: { type: 'string' },
  photo: nullableText,
  status: reviewStatus,
  hiddenReason: { ...nullableText, description: 'Why an admin hid it (null while published)' },
  reply: reviewReplySchema,
  visitedAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  editableUntil: {
    ...isoDate,
    description: '30 days after it was written; edits after it are refused (409)',
  },
};

export const myReviewSchema = {
  type: 'object',
  required: Object.keys(myReviewProperties),
  properties: myReviewProperties,
};

export const eligibleSchema = {
  type: 'object',
  required: ['sourceId', 'subject', 'visitedAt'],
  properties: {
    sourceId: {
      type: 'string',
      description:
        '"appointment:<appointment id>" or "order:<order id>:<product id>": send it to POST /reviews',
    },
    subject: reviewSubjectSchema,
    visitedAt: isoDate,
  },
};

export const reviewPageFields = {
  page: { type: 'integer' },
  limit: { type: 'integer' },
  total: { type: 'integer', description: 'How many there are in all' },
  pages: { type: 'integer', description: 'How many pages of `limit` (0 when there are none)' },
};

const reviewFields = {
  rating: { type: 'integer', minimum: 1, maximum: 5, description: 'Whole stars, 1 to 5' },
  // The limit (2000 after trimming) is the domain's, with its own message; this only bounds the body.
  text: { type: ['string', 'null'], maxLength: 10_000, description: 'At most 2000 characters; optional' },
  photo: {
    type: ['string', 'null'],
    maxLength: 300,
    description: 'An image uploaded through POST /upload (its imageUrl); null or empty for none',
  },
};

export const createReviewBody = strictObject(
  {
    sourceId: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'One of the caller’s visits or delivered products (GET /reviews/mine, toReview)',
    },
    ...reviewFields,
  },
  ['sourceId', 'rating'],
);

/** An edit sends the review as it should be: text left out is empty, a photo left out is none. */
export const updateReviewBody = strictObject(reviewFields, ['rating']);

/** The emailed link's review: a rating and text, no photo (there is no signed-in upload). */
export const invitationReviewBody = strictObject({ rating: reviewFields.rating, text: reviewFields.text }, [
  'rating',
]);

export const invitationParams = strictObject(
  {
    token: {
      type: 'string',
      minLength: 1,
      maxLength: 1000,
      description: 'The token of the emailed link (/review/<token>)',
    },
  },
  ['token'],
);

export const invitationSchema = {
  type: 'object',
  required: ['subject', 'visitedAt', 'firstName', 'expiresAt'],
  properties: {
    subject: reviewSubjectSchema,
    visitedAt: { ...isoDate, description: 'When the visit was completed or the order delivered' },
    firstName: {
      type: 'string',
      description: "The customer's first name as the visit carried it; may be empty",
    },
    expiresAt: { ...isoDate, description: 'When the link stops working (30 days after the email)' },
  },
};
