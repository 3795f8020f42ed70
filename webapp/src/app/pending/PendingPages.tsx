// Minimal pages for the routes of the account and purchase flows (issue 6 builds them):
// each shows its real heading, so a route never claims to be loading forever.
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { texts } from '@/shared/messages/messages';

export function CartPage() {
  const { topupAccountId } = useParams();
  return (
    <div className="page">
      <h1>{topupAccountId ? 'Just one more step to topup your eSIM' : 'Just one more step to get your eSIM'}</h1>
      <p>
        <Link to="/plans">Back to plans</Link>
      </p>
    </div>
  );
}

export function LoginPage() {
  return (
    <div className="page">
      <h1>Log in</h1>
    </div>
  );
}

export function OtpPage() {
  const { email } = useParams();
  return (
    <div className="page">
      <h1>Enter your code</h1>
      <p>We sent a code to {email}.</p>
    </div>
  );
}

export function ProfilePage() {
  return (
    <div className="page">
      <h1>My eSIMs</h1>
    </div>
  );
}

/** /token/:token? always ends on the home page (spec section 2). */
export function TokenPage() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/', { replace: true });
  }, [navigate]);
  return null;
}

export function ActionResultPage() {
  const [params] = useSearchParams();
  const success = (params.get('success') ?? '').toLowerCase() === 'true';
  return (
    <div className="page">
      <h1>{success ? texts.paymentSuccessTitle : texts.paymentFailedTitle}</h1>
      {success ? <Link to="/profile">View eSIM</Link> : <p>{texts.paymentUnsuccessful}</p>}
      {!success && <Link to="/plans">Back to Plans</Link>}
    </div>
  );
}

export function TopupPlansPage() {
  const { iccid } = useParams();
  return (
    <div className="page">
      <h1>
        Topup eSIM with ICCID <span>{iccid}</span>
      </h1>
    </div>
  );
}

export function LokiPage() {
  return (
    <div className="page">
      <h1>Log push test</h1>
    </div>
  );
}
