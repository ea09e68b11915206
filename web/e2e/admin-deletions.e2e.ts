import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, openSignedIn, roomTypePrice, signIn, spaDay, type Session } from './support/booking.js';
import { launchBrowser, newPage } from './support/browser.js';

/*
 * Deleting what appointments use, through the real gateway, catalogue and booking: the admin's delete is
 * refused with the number of future appointments, and the one shared dialog offers the real choices.
 */

const run = randomBytes(3).toString('hex');
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 100 });
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let browser: Browser;
let admin: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await signIn('admin@spa.local', 'Admin@12345');
});
afterAll(async () => {
  await browser?.close();
});

interface CreatedService {
  _id: string;
  pricing: Array<{ _id: string; price: number; durationMinutes: number }>;
}

/** A treatment of its own category, and an appointment booked for it once booking has mirrored it. */
async function bookedTreatment(name: string): Promise<{ service: CreatedService; appointmentId: string }> {
  const category = await api<{ _id: string }>(
    'POST',
    '/admin/categories',
    { name: `Deletion checks ${run}`, assignedEmployeeRole: 'servicestaff' },
    admin.token,
  );
  const service = await api<CreatedService>(
    'POST',
    '/admin/services',
    {
      name,
      category: category._id,
      description: 'A treatment that will be deleted',
      pricing: [{ duration: '60 min', durationMinutes: 60, price: 1999 }],
    },
    admin.token,
  );
  const option = service.pricing[0]!;
  const roomPrice = await roomTypePrice('Diamond');
  const deadline = Date.now() + 60_000;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const appointment = await api<{ _id: string }>(
        'POST',
        '/appointments/auto-assign',
        {
          serviceId: service._id,
          durationMinutes: option.durationMinutes,
          pricingOptionId: option._id,
          totalPrice: option.price + roomPrice,
          type: 'Diamond',
          appointmentDateTime: spaDay(45).at(15),
          paymentMethod: 'cash',
        },
        admin.token,
      );
      return { service, appointmentId: appointment._id };
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
      await pause(500);
    }
  }
  throw new Error(`booking never took the new treatment: ${last}`);
}

async function askToDelete(page: Page, serviceName: string) {
  await page.getByRole('button', { name: `Delete ${serviceName}` }).click();
  const confirm = page.getByRole('alertdialog');
  await poll(() => confirm.getByText('Are you sure you want to delete this service?').count()).toBe(1);
  await confirm.getByRole('button', { name: 'Delete' }).click();
}

describe('admin: deleting a treatment that future appointments use', () => {
  it('shows how many, deactivates instead, then cancels them and deletes', async () => {
    const serviceName = `Farewell Facial ${run}`;
    const { service, appointmentId } = await bookedTreatment(serviceName);
    const { page, problems } = await newPage(browser);
    await openSignedIn(page, admin, '/dashboard');
    await page.getByRole('tab', { name: 'Services', exact: true }).first().click();
    await poll(() => page.getByRole('button', { name: `Delete ${serviceName}` }).count()).toBe(1);

    // Refused: the shared dialog names the number and offers the choices.
    await askToDelete(page, serviceName);
    const dialog = page.getByRole('dialog', { name: '1 appointment depend on this' });
    await poll(() =>
      dialog.getByText(`${serviceName} has 1 future appointment.`, { exact: false }).count(),
    ).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Keep it' }).count()).toBe(1);

    // Deactivate instead: the treatment stays, inactive; the appointment is kept.
    await dialog.getByRole('button', { name: 'Deactivate instead' }).click();
    await poll(() => toast(page, `${serviceName} deactivated`).count()).toBe(1);
    const kept = await api<{ status: string }>(
      'GET',
      `/appointments/${appointmentId}`,
      undefined,
      admin.token,
    );
    expect(kept.status).not.toBe('Cancelled');
    const inactive = await api<{ isActive: boolean }>(
      'GET',
      `/admin/services/${service._id}`,
      undefined,
      admin.token,
    );
    expect(inactive.isActive).toBe(false);

    // Then cancel the appointment and delete.
    await askToDelete(page, serviceName);
    await dialog.getByRole('button', { name: 'Cancel the appointment and delete' }).click();
    await poll(() => toast(page, '1 appointment was cancelled').count()).toBe(1);
    await poll(() => page.getByRole('button', { name: `Delete ${serviceName}` }).count()).toBe(0);
    const cancelled = await api<{ status: string }>(
      'GET',
      `/appointments/${appointmentId}`,
      undefined,
      admin.token,
    );
    expect(cancelled.status).toBe('Cancelled');
    expect(problems).toEqual([]);
  });
});
