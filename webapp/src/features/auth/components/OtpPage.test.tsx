import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { handlersFor } from '@/mocks/handlers';
import { startMockServer } from '@/test/msw';
import { AppProviders } from '@/test/AppProviders';
import { OtpPage } from './OtpPage';

const server = startMockServer();

describe('OtpPage', () => {
  it('verifies the code for the user id of the URL and goes to /profile', async () => {
    server.use(...handlersFor({ 'token.guest': 'success', 'verifyOtp': 'success', 'token.otp': 'success' }));
    render(
      <AppProviders path="/otp/:email/:userId" url="/otp/rana.haddad%40example.com/e7ab0df2-2fee-5bdd-b616-73c43b51fdf9">
        <OtpPage />
      </AppProviders>,
    );
    expect(await screen.findByText('rana.haddad@example.com')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('Navigated to /profile');
  });
});
