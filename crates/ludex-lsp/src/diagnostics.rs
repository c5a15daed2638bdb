//! The checker's diagnostics as the protocol's: the same code, place, message and help as
//! `ludex check`, the primary and secondary labels as related information.

use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location, NumberOrString,
    PublishDiagnosticsParams, Uri,
};
use ludex_diagnostics::{Diagnostic, Label, Severity};

use crate::document::Document;

/// What `textDocument/publishDiagnostics` says of a document.
pub fn publish(uri: &Uri, document: &Document) -> PublishDiagnosticsParams {
    let diagnostics =
        document.analysis().compiled.diagnostics.iter().map(|d| convert(uri, document, d)).collect();
    PublishDiagnosticsParams { uri: uri.clone(), diagnostics, version: Some(document.version) }
}

fn convert(uri: &Uri, document: &Document, diagnostic: &Diagnostic) -> lsp_types::Diagnostic {
    let code = diagnostic.code.as_str();
    let mut message = diagnostic.message.clone();
    if let Some(help) = &diagnostic.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let labels = std::iter::once(&diagnostic.primary).chain(&diagnostic.secondary);
    let related =
        labels.filter(|label| !label.message.is_empty()).map(|label| related(uri, document, label)).collect();
    // Editors fade what is never used.
    let tags = code.starts_with("unused-").then(|| vec![DiagnosticTag::UNNECESSARY]);
    lsp_types::Diagnostic {
        range: document.range(diagnostic.primary.span),
        severity: Some(match diagnostic.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(code.to_string())),
        code_description: None,
        source: Some("ludex".to_string()),
        message,
        related_information: Some(related),
        tags,
        data: None,
    }
}

fn related(uri: &Uri, document: &Document, label: &Label) -> DiagnosticRelatedInformation {
    DiagnosticRelatedInformation {
        location: Location { uri: uri.clone(), range: document.range(label.span) },
        message: label.message.clone(),
    }
}
