// What a check does after every pass and `reconcile`, over the whole file:
// the suppressions its `scene:` comments make (Suppression.swift). Both the
// full check (`Checker.findings`) and the incremental one end here.
import SceneLang

extension Context {
    /// The findings made so far, after `leading` (the compilation's), less what
    /// the file's suppressions silence, then the suppressions that silenced nothing.
    mutating func finish(after leading: [Diagnostic]) -> Findings {
        unusedBindings()
        var records = findings
        findings = []
        // Room taken for a finding on every shape (`record`, in `run`), mostly
        // unused: keep only what was found (a copy of few records).
        if records.capacity > 2 * records.count + 1024 {
            var fitted: [Finding] = []
            fitted.reserveCapacity(records.count)
            fitted.append(contentsOf: records)
            records = fitted
        }
        var lead = leading
        var s = Suppressions.scene(file)
        if !s.isEmpty {
            lead = leading.filter { !s.silences($0.id, at: $0.range) }
            let all = Findings(leading: [], records: records, context: self)
            records = records.indices.filter { !s.silences(all.code(at: $0), at: all.range(at: $0)) }.map { records[$0] }
            records += s.unused().map { Finding.built($0) }
        }
        return Findings(leading: lead, records: records, context: self)
    }
}
