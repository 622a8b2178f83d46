import { describe, expect, it } from 'vitest';
import { catalogOperatingShare, cpus, operatingShareOf } from '../operating-load';

const deployment = (requests: string, limits: string) => `
apiVersion: apps/v1
kind: Deployment
metadata: { name: catalog }
spec:
  template:
    spec:
      containers:
        - name: catalog
          resources:
            requests: { cpu: ${requests} }
            limits: { cpu: ${limits} }
`;
const hpa = (utilization: number) => `
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: gateway }
spec:
  scaleTargetRef: { kind: Deployment, name: gateway }
  metrics: [{ type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } } }]
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: catalog }
spec:
  scaleTargetRef: { kind: Deployment, name: catalog }
  metrics: [{ type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: ${utilization} } } }]
`;

describe('the operating load from the manifests', () => {
  it('reads Kubernetes CPU quantities', () => {
    expect(cpus('200m')).toBe(0.2);
    expect(cpus('1')).toBe(1);
    expect(cpus(2)).toBe(2);
    expect(cpus('1.5')).toBe(1.5);
    expect(() => cpus('1Gi')).toThrow('not a CPU quantity: "1Gi"');
  });

  it('is the HPA target of the CPU request, over the limit the benchmark gives a replica', () => {
    expect(operatingShareOf('catalog', deployment('200m', '"1"'), hpa(70))).toEqual({
      request: 0.2,
      limit: 1,
      target: 0.7,
      share: expect.closeTo(0.14, 10),
    });
    expect(operatingShareOf('catalog', deployment('500m', '"2"'), hpa(80)).share).toBeCloseTo(0.2, 10);
  });

  it('fails when the manifests do not say', () => {
    expect(() => operatingShareOf('search', deployment('200m', '"1"'), hpa(70))).toThrow(
      'Deployment search: no container search with a CPU request and limit',
    );
    expect(() => operatingShareOf('catalog', deployment('200m', '"1"'), hpa(70).split('---')[0]!)).toThrow(
      'no HorizontalPodAutoscaler of catalog with a CPU Utilization target',
    );
  });

  it('follows infra/k8s/base', () => {
    expect(catalogOperatingShare().share).toBeCloseTo(0.14, 10);
  });
});
