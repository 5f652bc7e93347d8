import type { verifyEn } from './verify.en.ts';

/** German UI text of verified publish; must have every key of verifyEn. */
export const verifyDe: Record<keyof typeof verifyEn, string> = {
  'verify.allKept': 'Der Dienst hat alles Gesendete übernommen.',
  'verify.unchecked':
    'Lanes konnte den Prozess nicht zurücklesen, um zu prüfen, was der Dienst übernommen hat.',
  'verify.heading': 'Veröffentlicht, aber der Dienst hat nicht alles übernommen: {summary}.',
  'verify.showList': 'Was genau ({count, number})',
  'verify.hideList': 'Liste ausblenden',
  'verify.listLabel': 'Vom Dienst nicht übernommen',
  'verify.select': '{name} im Diagramm auswählen',
  'verify.element': '{count, number} × {type}',
  'verify.property': '{property} von {count, number} × {type}',
  'verify.subject.named': '{type} „{name}“',
  'verify.subject.of': '{type} von {owner}',
  'verify.subject.from': '{type} ab {owner}',
  'verify.subject.unnamed': '{type} {id}',
  'verify.row.element': '{subject}: nicht übernommen',
  'verify.row.property': '{subject}: {property} nicht übernommen',
  'verify.replaced':
    '{count, plural, one {# Element, das jemand anderes geändert hatte, trägt jetzt Ihre Fassung} other {# Elemente, die jemand anderes geändert hatte, tragen jetzt Ihre Fassung}}; deren Fassung bleibt unter „Versionen vergleichen“ erhalten.',
  'verify.replacedCompare': 'Mit deren Fassung vergleichen',
  'verify.compare': 'Diese gesendete Version mit der Serverversion vergleichen',
  'verify.compareTitle':
    'Öffnet „Versionen vergleichen“ für diesen Prozess: Wählen Sie „Von Lanes gesendet“ als ältere Version, um in den Diagrammen zu sehen, was nicht übernommen wurde.',
  'verify.property.documentation': 'Dokumentation',
  'verify.property.conditionExpression': 'Bedingung',
  'verify.property.layout': 'Layout',
  'verify.property.labelPosition': 'Beschriftungsposition',
  'verify.property.name': 'Name',
  'verify.property.eventDefinitions': 'Ereignisdefinition',
  'verify.property.extensionElements': 'Erweiterungselemente',
  'verify.property.default': 'Standardfluss',
  'verify.property.cancelActivity': 'Unterbrechungs-Einstellung',
  'verify.property.isInterrupting': 'Unterbrechungs-Einstellung',
  'verify.property.loopCharacteristics': 'Schleifen- oder Mehrfachmarker',
  'verify.property.attribute': 'Attribut {name}',
};
