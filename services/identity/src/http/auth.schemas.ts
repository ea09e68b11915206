import { errorResponseSchema, pageFieldsSchema, pagingQueryProperties, strictObject } from '@spa/kit';
import { PASSWORD_POLICY_MESSAGE } from '../domain/password-policy.js';
import { messageSchema, userEnvelopeSchema, userSchema } from './user.schemas.js';

const text = (maxLength: number, description?: string) =>
  ({ type: 'string', maxLength, description }) as const;
const optionalText = (maxLength: number, description?: string) =>
  ({ type: 'string', nullable: true, maxLength, description }) as const;
const password = text(1024, PASSWORD_POLICY_MESSAGE);

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));

const signedInSchema = {
  type: 'object',
  required: ['token', 'user'],
  properties: { token: { type: 'string', description: 'Bearer access token (EdDSA JWT)' }, user: userSchema },
} as const;

export const registerSchema = {
  tags: ['Authentication'],
  summary: 'Create an account (User or Employee); the new user then signs in',
  description:
    'Role is user or employee (never admin). An employee also needs employeeRole (an active employee role name), ' +
    `shift (morning or night) and workingLocation. ${PASSWORD_POLICY_MESSAGE} A verification email is sent. ` +
    'An address that already has an account gets the very same answer (its owner is emailed instead), ' +
    'so the answer never tells whether an address is registered.',
  body: strictObject(
    {
      name: text(200),
      email: text(320),
      password,
      phone: optionalText(40),
      role: text(20, 'user or employee'),
      employeeRole: optionalText(100),
      shift: optionalText(20, 'morning or night'),
      workingLocation: optionalText(200),
      status: optionalText(20, 'free (default) or occupied'),
    },
    ['name', 'email', 'password', 'role'],
  ),
  response: {
    201: messageSchema,
    ...errors(400),
  },
} as const;

export const loginSchema = {
  tags: ['Authentication'],
  summary: 'Sign in with email and password',
  description:
    'Wrong email and wrong password get the same 401. Repeated failures lock the account and the client address for a while (429).',
  body: strictObject({ email: text(320), password: text(1024) }, ['email', 'password']),
  response: {
    200: { type: 'object', required: ['data'], properties: { data: signedInSchema } },
    ...errors(400, 401, 429),
  },
} as const;

export const googleSchema = {
  tags: ['Authentication'],
  summary: 'Sign in with a Google ID token (creates the account on first sign-in)',
  body: strictObject({ tokenId: { type: 'string', minLength: 1, maxLength: 8192 } }, ['tokenId']),
  response: { 200: signedInSchema, ...errors(400, 401, 403, 409, 422) },
} as const;

export const logoutSchema = {
  tags: ['Authentication'],
  summary: 'Sign out: the token is refused everywhere from now on',
  security: [{ bearer: [] }],
  response: { 200: messageSchema, ...errors(401) },
} as const;

export const forgotPasswordSchema = {
  tags: ['Authentication'],
  summary:
    'Email a password reset link (valid 1 hour); the answer is the same whether or not the account exists',
  body: strictObject({ email: text(320) }, ['email']),
  response: { 200: messageSchema, ...errors(400) },
} as const;

const tokenParams = strictObject({ token: { type: 'string', maxLength: 200 } }, ['token']);

export const resetPasswordSchema = {
  tags: ['Authentication'],
  summary: 'Set a new password with the emailed reset token (single use)',
  params: tokenParams,
  body: strictObject({ password }, ['password']),
  response: { 200: messageSchema, ...errors(400) },
} as const;

export const verifyEmailSchema = {
  tags: ['Authentication'],
  summary: 'Confirm the email address with the emailed verification token (single use, valid 24 hours)',
  params: tokenParams,
  response: { 200: messageSchema, ...errors(400) },
} as const;

export const sendVerificationSchema = {
  tags: ['Authentication'],
  summary: "Email a new verification link to the caller's address",
  security: [{ bearer: [] }],
  response: { 200: messageSchema, ...errors(401, 409) },
} as const;

export const meSchema = {
  tags: ['Authentication'],
  summary: 'The signed-in user',
  security: [{ bearer: [] }],
  response: { 200: userEnvelopeSchema, ...errors(401) },
} as const;

export const updateMeSchema = {
  tags: ['Authentication'],
  summary: 'Edit your own name and phone',
  security: [{ bearer: [] }],
  body: strictObject({ name: text(200), phone: optionalText(40, 'empty or null removes it') }),
  response: { 200: userEnvelopeSchema, ...errors(400, 401) },
} as const;

export const walkInCustomerSchema = {
  tags: ['Authentication'],
  summary: 'The front desk creates a customer account for a walk-in or phone customer (no password)',
  description:
    'For admins and for approved employees whose employee role is manager or receptionist (403 otherwise). ' +
    'Name (1 to 100 characters) and at least one of phone and email; a blank field counts as not given. ' +
    'The account has no password; with an email, the customer is emailed a link to set one (valid 7 days), ' +
    'without one the account has email "". 409 EMAIL_TAKEN when an account already has the email.',
  security: [{ bearer: [] }],
  body: strictObject(
    {
      name: text(200),
      phone: text(40, 'Digits, spaces, dashes, brackets and a leading +'),
      email: text(320),
    },
    ['name'],
  ),
  response: { 201: userEnvelopeSchema, ...errors(400, 401, 403, 409) },
} as const;

export const changePasswordSchema = {
  tags: ['Authentication'],
  summary: 'Change your password with the current one; other sessions are signed out',
  security: [{ bearer: [] }],
  body: strictObject({ currentPassword: text(1024), newPassword: password }, [
    'currentPassword',
    'newPassword',
  ]),
  response: { 200: messageSchema, ...errors(400, 401, 429) },
} as const;

export const authConfigSchema = {
  tags: ['Authentication'],
  summary: 'Public sign-in settings: the Google client id, or null when Google sign-in is off',
  response: {
    200: {
      type: 'object',
      required: ['googleClientId'],
      properties: { googleClientId: { type: 'string', nullable: true } },
    },
  },
} as const;

export const publicRolesSchema = {
  tags: ['Authentication'],
  summary: 'The active employee roles a new employee can choose at registration, in pages',
  querystring: { type: 'object', additionalProperties: false, properties: { ...pagingQueryProperties() } },
  response: {
    200: {
      type: 'object',
      required: ['roles'],
      properties: {
        ...pageFieldsSchema,
        roles: {
          type: 'array',
          items: {
            type: 'object',
            required: ['_id', 'id', 'name', 'description'],
            properties: {
              _id: { type: 'string' },
              id: { type: 'string' },
              name: { type: 'string' },
              description: { type: 'string' },
            },
          },
        },
      },
    },
  },
} as const;
