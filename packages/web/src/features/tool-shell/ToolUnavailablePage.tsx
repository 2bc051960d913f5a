/** A tool route whose screen is not built yet: says so and leads back to the dashboard. */
import { Link } from 'react-router';

import { m } from '../../paraglide/messages.js';

export default function ToolUnavailablePage() {
  return (
    <section className="page narrow">
      <h1>{m.tool_unavailable_title()}</h1>
      <p>{m.tool_unavailable_text()}</p>
      <Link className="button button-primary" to="/dashboard">
        {m.common_back_to_dashboard()}
      </Link>
    </section>
  );
}
