import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { PinIcon } from './icons';

/**
 * Step 2 of a saved home whose address the sales data does not hold (typed in by hand after the lookup found
 * nothing): what was done, what could not be and why, and what to do next. An expected case, so no error.
 */
export function NoSalesDataNotice() {
  const navigate = useNavigate();
  return (
    <section className="wz-notice" aria-labelledby="wz-no-sales-title" data-testid="no-estimate-notice">
      <span className="wz-notice__icon" aria-hidden="true">
        <PinIcon size={18} />
      </span>
      <div className="wz-notice__text">
        <h2 id="wz-no-sales-title" className="wz-notice__title">
          No sales data near this address
        </h2>
        <p className="wz-notice__body">
          Your property and its details are saved. Without recorded sales near it we cannot place it on the map, so there
          is no estimate, no comparable sales and no neighborhood analysis for it. Recommendations and a listing work from
          the details you entered. If the address was mistyped, search for it again.
        </p>
      </div>
      <Button size="large" onClick={() => navigate('/add-property')}>
        Search Again
      </Button>
    </section>
  );
}
