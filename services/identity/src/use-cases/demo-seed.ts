import { hashPassword } from '../domain/password-hashing.js';
import {
  countUsers,
  insertUser,
  lockDemoAccountSeeding,
  nextEmployeeId,
  type NewUser,
} from '../db/users.repository.js';
import { normalizeEmail } from '../domain/email.js';
import { identityEvents, userMessage } from '../events/publishes.js';
import type { IdentityContext } from './context.js';

type DemoAccount = Omit<NewUser, 'passwordHash'> & { password: string };

function demoAccounts(seed: IdentityContext['config']['seed']): DemoAccount[] {
  const staff = (
    name: string,
    email: string,
    employeeRole: string,
    shift: 'morning' | 'night',
    workingLocation: string,
  ) =>
    ({
      name,
      email,
      password: seed.staffPassword,
      role: 'employee',
      employeeStatus: 'approved',
      employeeRole,
      shift,
      workingLocation,
    }) as const;
  return [
    { name: 'Spa Admin', email: seed.adminEmail, password: seed.adminPassword, role: 'admin' },
    {
      name: 'Priya Sharma',
      email: seed.customerEmail,
      password: seed.customerPassword,
      role: 'user',
      phone: '+91 98765 43210',
    },
    staff('Meera Iyer', 'manager@spa.local', 'manager', 'morning', 'Vijay Nagar'),
    staff('Rohan Verma', 'reception@spa.local', 'receptionist', 'morning', 'Vijay Nagar'),
    staff('Anjali Patel', 'therapist@spa.local', 'servicestaff', 'night', 'Palasia'),
  ];
}

/**
 * Demo sign-ins for development (never in production): created, verified and announced like real
 * registrations, only when the users table is empty, so a developer's own data is never touched.
 */
export async function seedDemoAccounts(context: IdentityContext): Promise<boolean> {
  if (!context.config.seed.enabled || context.config.nodeEnv === 'production') return false;
  if ((await countUsers(context.db)) > 0) return false;
  const accounts = await Promise.all(
    demoAccounts(context.config.seed).map(async ({ password, ...account }) => ({
      ...account,
      email: normalizeEmail(account.email),
      passwordHash: await hashPassword(password),
    })),
  );
  const seeded = await context.db.transaction(async (tx) => {
    await lockDemoAccountSeeding(tx);
    if ((await countUsers(tx)) > 0) return false;
    for (const account of accounts) {
      const user = await insertUser(tx, {
        ...account,
        isEmailVerified: true,
        employeeId: account.role === 'employee' ? await nextEmployeeId(tx) : null,
      });
      await context.publish(tx, identityEvents.userRegistered, user.id, { user: userMessage(user) });
    }
    return true;
  });
  if (seeded)
    context.logger.info(
      { accounts: accounts.map(({ email, role }) => `${role} ${email}`) },
      'seeded demo accounts (development only)',
    );
  return seeded;
}
