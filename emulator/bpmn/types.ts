/** Mapping between the service's element types and BPMN flow-node types. */
export const FLOW_NODE_TYPES: Record<string, string> = {
  'bpmn:Task': 'task',
  'bpmn:UserTask': 'task',
  'bpmn:ServiceTask': 'task',
  'bpmn:ManualTask': 'task',
  'bpmn:ScriptTask': 'task',
  'bpmn:SendTask': 'task',
  'bpmn:ReceiveTask': 'task',
  'bpmn:BusinessRuleTask': 'task',
  'bpmn:SubProcess': 'task',
  'bpmn:AdHocSubProcess': 'task',
  'bpmn:Transaction': 'task',
  'bpmn:CallActivity': 'task',
  'bpmn:StartEvent': 'startEvent',
  'bpmn:EndEvent': 'endEvent',
  'bpmn:IntermediateCatchEvent': 'event',
  'bpmn:IntermediateThrowEvent': 'event',
  'bpmn:BoundaryEvent': 'event',
  'bpmn:ExclusiveGateway': 'rule',
  'bpmn:ParallelGateway': 'rule',
  'bpmn:InclusiveGateway': 'rule',
  'bpmn:EventBasedGateway': 'rule',
  'bpmn:ComplexGateway': 'rule',
};

export const DIAGRAM_TYPES = new Set(['task', 'startEvent', 'endEvent', 'event', 'rule']);

export function defaultBpmnType(type: string): string {
  switch (type) {
    case 'startEvent':
      return 'bpmn:StartEvent';
    case 'endEvent':
      return 'bpmn:EndEvent';
    case 'event':
      return 'bpmn:IntermediateThrowEvent';
    case 'rule':
      return 'bpmn:ExclusiveGateway';
    default:
      return 'bpmn:Task';
  }
}

export function defaultSize(bpmnType: string): { w: number; h: number } {
  if (bpmnType.endsWith('Event')) return { w: 36, h: 36 };
  if (bpmnType.endsWith('Gateway')) return { w: 50, h: 50 };
  return { w: 100, h: 80 };
}
