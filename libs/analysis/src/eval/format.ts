/** A score as the tables print it: three decimals without the leading zero ('.362', '-.006'); '–' for none. */
export const fixed = (value: number | null, digits = 3) =>
  value === null ? '–' : value.toFixed(digits).replace(/^(-?)0\./, '$1.');
