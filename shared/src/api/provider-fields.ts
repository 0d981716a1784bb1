/**
 * The public fields of a provider row (never an Aadhaar number: that lives in a private table).
 * Here, not in a remote, because the directory's list cards, the profile and the admin queue all
 * extend it; the authority on the shape is supabase/migrations.
 */
export interface ProviderFields {
  id: string;
  name: string;
  business_name: string | null;
  mobile: string;
  /** Stored category value: `${icon} ${hi}` or 'OTHERS: text'. */
  category: string;
  specialist_in: string | null;
  experience: number | null;
  address: string;
  verified: boolean;
  registration_date: string;
}
