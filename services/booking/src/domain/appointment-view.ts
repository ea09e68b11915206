import type { Appointment } from './appointment.js';
import type { PricingOption } from './pricing.js';

/**
 * An appointment with what it refers to, as the API and the events show it. The referenced entities
 * come from the read models; when one is gone (a deleted room) the appointment's own copy stands in.
 */
export interface AppointmentView extends Appointment {
  customer: { id: string; name: string; email: string; phone: string };
  employee: {
    id: string;
    name: string;
    employeeCode: string;
    employeeRole: string;
    workingLocation: string;
  } | null;
  room: {
    id: string;
    roomNumber: string;
    type: string;
    location: string;
    capacity: string;
    pricePaise: number | null;
  };
  service: {
    id: string;
    name: string;
    description: string;
    categoryId: string;
    categoryName: string;
    pricing: PricingOption[];
    /** The treatment's GST classification from the services mirror; absent when it does not know it. */
    sacCode?: string;
    gstBp?: number;
  };
}

export interface HistoryEntry {
  changedAt: Date;
  field: string;
  from: string | null;
  to: string | null;
  note: string | null;
  by: { id: string; name: string; role: string };
}
