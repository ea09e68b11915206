import { errorResponseSchema, pageFieldsSchema, pagingQueryProperties, strictObject } from '@spa/kit';
import { ROLE_DESCRIPTION_MAX_LENGTH } from '../domain/employee-role.js';
import { messageSchema } from './user.schemas.js';

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponseSchema]));
const security = [{ bearer: [] }];
const idParams = strictObject({ id: { type: 'string', format: 'uuid' } }, ['id']);

const employeeRoleSchema = {
  type: 'object',
  required: ['_id', 'id', 'name', 'description', 'permissions', 'isActive'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    description: { type: 'string' },
    permissions: { type: 'array', items: { type: 'string' } },
    isActive: { type: 'boolean' },
    isBase: {
      type: 'boolean',
      description: 'manager, receptionist and servicestaff: cannot be renamed or deleted',
    },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

const roleFields = {
  name: { type: 'string', maxLength: 200 },
  description: { type: 'string', maxLength: ROLE_DESCRIPTION_MAX_LENGTH + 100 },
  permissions: { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 100 } },
  isActive: { type: 'boolean' },
} as const;

const roleEnvelope = {
  type: 'object',
  required: ['role'],
  properties: { role: employeeRoleSchema },
} as const;

export const listRolesSchema = {
  tags: ['Employee roles'],
  summary:
    'Every employee role, active and inactive (admins only), in pages; answers { roles: [...], total, page, pageSize }',
  security,
  querystring: { type: 'object', additionalProperties: false, properties: { ...pagingQueryProperties() } },
  response: {
    200: {
      type: 'object',
      required: ['roles'],
      properties: { roles: { type: 'array', items: employeeRoleSchema }, ...pageFieldsSchema },
    },
    ...errors(401, 403),
  },
} as const;

export const createRoleSchema = {
  tags: ['Employee roles'],
  summary: 'Add an employee role (admins only); the name is required and unique (case-insensitive)',
  security,
  body: strictObject(roleFields, ['name']),
  response: { 201: roleEnvelope, ...errors(400, 401, 403, 409) },
} as const;

export const updateRoleSchema = {
  tags: ['Employee roles'],
  summary: 'Edit an employee role (admins only); a rename follows onto the employees holding it',
  security,
  params: idParams,
  body: strictObject(roleFields),
  response: { 200: roleEnvelope, ...errors(400, 401, 403, 404, 409) },
} as const;

export const deleteRoleSchema = {
  tags: ['Employee roles'],
  summary: 'Delete an employee role nobody holds (admins only); base roles cannot be deleted',
  security,
  params: idParams,
  response: { 200: messageSchema, ...errors(400, 401, 403, 404, 409) },
} as const;
