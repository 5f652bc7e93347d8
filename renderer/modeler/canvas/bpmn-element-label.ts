/**
 * How a diagram element is named to a person: its type in words and its
 * name ("Task “Check order”"), the type from the BPMN metamodel. Unnamed
 * elements say so and carry a short id, enough to tell two apart.
 */
import type { MessageKey } from '../../../shared/i18n/messages-en.ts';
import { messagesEn } from '../../../shared/i18n/messages-en.ts';
import { t } from '../../i18n/locale-controller.ts';

export interface BpmnBusinessObject {
  id?: string;
  name?: string;
  $type?: string;
}

const SHORT_ID = 14;

/** The type in words: "bpmn:UserTask" → "User task" (German: "Benutzeraufgabe"). */
function bpmnTypeLabel(type: string | undefined): string {
  const key = `display.bpmn.${(type ?? '').replace(/^bpmn:/, '')}`;
  return Object.hasOwn(messagesEn, key) ? t(key as MessageKey) : t('display.bpmn.element');
}

function shortId(id: string): string {
  return id.length <= SHORT_ID ? id : `${id.slice(0, SHORT_ID - 1)}…`;
}

export function bpmnElementLabel(element: BpmnBusinessObject | undefined, fallbackId: string): string {
  const type = bpmnTypeLabel(element?.$type);
  const name = element?.name?.trim();
  return name ? t('display.named', { type, name }) : t('display.unnamed', { type, id: shortId(fallbackId) });
}
