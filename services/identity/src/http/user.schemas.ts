import type { UserRow } from '../db/schema.js';

const nullableText = { type: 'string', nullable: true } as const;

/** A user as the API shows it; `_id` and `id` carry the same value (the SPA reads either). */
export const userSchema = {
  type: 'object',
  required: ['_id', 'id', 'name', 'email', 'role', 'status', 'isEmailVerified'],
  properties: {
    _id: { type: 'string', format: 'uuid' },
    id: { type: 'string', format: 'uuid' },
    name: { type: 'string' },
    email: { type: 'string' },
    phone: nullableText,
    role: {
      type: 'string',
      enum: ['user', 'employee', 'admin'],
      description: 'The effective role: user for an employee applicant until approved',
    },
    employeeRole: { ...nullableText, description: 'Employee role name (employees only)' },
    shift: { type: 'string', enum: ['morning', 'night'], nullable: true },
    workingLocation: nullableText,
    status: {
      type: 'string',
      enum: ['free', 'occupied'],
      description: 'free is shown as Available, occupied as Busy',
    },
    employeeId: { ...nullableText, description: 'Readable employee id such as EMP-0007 (employees only)' },
    isEmailVerified: { type: 'boolean' },
    employeeStatus: {
      type: 'string',
      enum: ['applicant', 'approved', 'rejected'],
      nullable: true,
      description:
        'A self-registered employee: applicant (role stays user until an admin approves), approved or rejected. Null for everyone else.',
    },
    hasPassword: { type: 'boolean', description: 'False for an account that has only signed in with Google' },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
} as const;

export interface UserView {
  _id: string;
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: UserRow['role'];
  employeeRole: string | null;
  shift: UserRow['shift'];
  workingLocation: string | null;
  status: UserRow['status'];
  employeeId: string | null;
  isEmailVerified: boolean;
  employeeStatus: UserRow['employeeStatus'];
  hasPassword: boolean;
  createdAt: string;
  updatedAt: string;
}

export function toUserView(user: UserRow): UserView {
  return {
    _id: user.id,
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    employeeRole: user.employeeRole,
    shift: user.shift,
    workingLocation: user.workingLocation,
    status: user.status,
    employeeId: user.employeeId,
    isEmailVerified: user.isEmailVerified,
    employeeStatus: user.employeeStatus,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

export const messageSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
} as const;

export const userEnvelopeSchema = {
  type: 'object',
  required: ['user'],
  properties: { user: userSchema },
} as const;
