import { dropDatabase } from '@findclips/db';

export default async function globalTeardown() {
  if (process.env.DATABASE_URL?.includes('/findclips_test_')) await dropDatabase(process.env.DATABASE_URL);
}
