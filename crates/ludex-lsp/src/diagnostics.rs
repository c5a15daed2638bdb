//! The checker's diagnostics as the protocol's: the same code, place, message and help as
//! `ludex check`, the primary and secondary labels as related information. As `ludex check` shows
//! them, at most the limit `diagnostics` of them, and a note counting the rest.

use lsp_types::{
    DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location, NumberOrString,
    PublishDiagnosticsParams, Uri,
};
use ludex_diagnostics::{Code, Diagnostic, Label, Severity};

use crate::document::Document;

/// What `textDocument/publishDiagnostics` says of a document.
pub fn publish(uri: &Uri, document: &Document) -> PublishDiagnosticsParams {
    let found = &document.analysis().compiled.diagnostics;
    let most = document.limits.max_diagnostics;
    let mut diagnostics: Vec<_> = found.iter().take(most).map(|d| convert(uri, document, d)).collect();
    if let Some(message) = document.limits.not_shown(found.len()) {
        diagnostics.push(not_shown(message));
    }
    PublishDiagnosticsParams { uri: uri.clone(), diagnostics, version: Some(document.version) }
}

/// The note at the top of the document that counts the diagnostics not published.
fn not_shown(message: String) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        severity: Some(DiagnosticSeverity::INFORMATION),
        code: Some(NumberOrString::String(Code::LimitExceeded.as_str().to_string())),
        source: Some("ludex".to_string()),
        message,
        ..lsp_types::Diagnostic::default()
    }
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
