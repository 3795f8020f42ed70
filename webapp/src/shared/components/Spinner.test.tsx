import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it.each([
    { label: undefined, want: 'Loading' },
    { label: 'Sending', want: 'Sending' },
  ])('announces $want', ({ label, want }) => {
    render(<Spinner label={label} />);
    expect(screen.getByRole('status')).toHaveTextContent(want);
  });
});
