/**
 * The live checklist of space-key requirements (spec §2 /space/create, §5 Space key). Each item
 * carries its state in text ("(met)" / "(not met)", visually hidden) as well as in colour and
 * icon, so it does not depend on seeing colour.
 */
import { Check, X } from 'lucide-react';

import { m } from '../../paraglide/messages.js';
import { keyChecklist } from './create-rules.ts';

export function KeyChecklist({ id, spaceKey }: { id: string; spaceKey: string }) {
  const items = keyChecklist(spaceKey);
  return (
    <div id={id} className="create-requirements">
      <span className="field-hint" id={`${id}-title`}>
        {m.create_requirements_title()}
      </span>
      <ul className="checklist" aria-labelledby={`${id}-title`}>
        {items.map((item) => (
          <li key={item.id} className={item.met ? 'met' : 'unmet'} data-requirement={item.id}>
            {item.met ? (
              <Check size={16} className="checklist-mark" aria-hidden="true" />
            ) : (
              <X size={16} className="checklist-mark" aria-hidden="true" />
            )}
            {item.label}{' '}
            <span className="visually-hidden">
              {item.met ? m.create_requirement_met() : m.create_requirement_unmet()}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
