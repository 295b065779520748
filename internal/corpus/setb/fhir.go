package setb

import (
	"encoding/json"
	"time"
)

// Bundle is synthea_fhir: a FHIR R4 transaction bundle with one synthetic
// patient's records.
type Bundle struct {
	ResourceType string `json:"resourceType"`
	Type         string `json:"type"`
	Entry        []struct {
		FullURL  string            `json:"fullUrl"`
		Resource *Resource         `json:"resource"`
		Request  map[string]string `json:"request"` // method and url
	} `json:"entry"`
}

// Resource is any resource of the bundle. The fields most resource types
// share are its own; those of one family of resources are in an embedded
// group, nil for the others, so that they can be required within it.
type Resource struct {
	ResourceType string `json:"resourceType"`
	ID           string `json:"id"`
	Text         *struct {
		Status string `json:"status"`
		Div    string `json:"div"` // XHTML
	} `json:"text,omitempty"`
	Contained  []*Resource  `json:"contained,omitempty"`
	Extension  []Extension  `json:"extension,omitempty"`
	Identifier []Identifier `json:"identifier,omitempty"`

	Status             string           `json:"status,omitempty"`
	LifecycleStatus    string           `json:"lifecycleStatus,omitempty"`
	AchievementStatus  *CodeableConcept `json:"achievementStatus,omitempty"`
	ClinicalStatus     *CodeableConcept `json:"clinicalStatus,omitempty"`
	VerificationStatus *CodeableConcept `json:"verificationStatus,omitempty"`
	Intent             string           `json:"intent,omitempty"`
	Class              *Coding          `json:"class,omitempty"`
	// One CodeableConcept, or a list of them for an Organization.
	Type        any               `json:"type,omitempty"`
	Category    []CodeableConcept `json:"category,omitempty"`
	Code        *CodeableConcept  `json:"code,omitempty"`
	Description *CodeableConcept  `json:"description,omitempty"`

	Subject              *Reference  `json:"subject,omitempty"`
	Patient              *Reference  `json:"patient,omitempty"`
	Beneficiary          *Reference  `json:"beneficiary,omitempty"`
	Encounter            *Reference  `json:"encounter,omitempty"`
	Requester            *Reference  `json:"requester,omitempty"`
	Performer            []Reference `json:"performer,omitempty"`
	Payor                []Reference `json:"payor,omitempty"`
	ServiceProvider      *Reference  `json:"serviceProvider,omitempty"`
	ManagingOrganization []Reference `json:"managingOrganization,omitempty"`

	Participant        []Participant     `json:"participant,omitempty"`
	Period             *Period           `json:"period,omitempty"`
	ReasonCode         []CodeableConcept `json:"reasonCode,omitempty"`
	ReasonReference    []Reference       `json:"reasonReference,omitempty"`
	OnsetDateTime      *time.Time        `json:"onsetDateTime,omitempty"`
	RecordedDate       *time.Time        `json:"recordedDate,omitempty"`
	AbatementDateTime  *time.Time        `json:"abatementDateTime,omitempty"`
	EffectiveDateTime  *time.Time        `json:"effectiveDateTime,omitempty"`
	Issued             *time.Time        `json:"issued,omitempty"`
	OccurrenceDateTime *time.Time        `json:"occurrenceDateTime,omitempty"`
	AuthoredOn         *time.Time        `json:"authoredOn,omitempty"`
	PerformedPeriod    *Period           `json:"performedPeriod,omitempty"`

	ValueQuantity        *Quantity        `json:"valueQuantity,omitempty"`
	ValueCodeableConcept *CodeableConcept `json:"valueCodeableConcept,omitempty"`
	Component            []struct {
		Code          *CodeableConcept `json:"code"`
		ValueQuantity *Quantity        `json:"valueQuantity,omitempty"`
	} `json:"component,omitempty"`
	Result []Reference `json:"result,omitempty"`

	VaccineCode               *CodeableConcept `json:"vaccineCode,omitempty"`
	PrimarySource             *bool            `json:"primarySource,omitempty"`
	MedicationCodeableConcept *CodeableConcept `json:"medicationCodeableConcept,omitempty"`
	DosageInstruction         []Dosage         `json:"dosageInstruction,omitempty"`

	// A CarePlan's careTeam refers to CareTeams; a claim's lists providers.
	CareTeam  []CareTeamEntry `json:"careTeam,omitempty"`
	Addresses []Reference     `json:"addresses,omitempty"`
	Activity  []struct {
		Detail *struct {
			Code     CodeableConcept `json:"code"`
			Status   string          `json:"status"`
			Location Reference       `json:"location"`
		} `json:"detail"`
	} `json:"activity,omitempty"`
	Goal []Reference `json:"goal,omitempty"`

	*Person  // Patient, Practitioner, Organization
	*Billing // Claim, ExplanationOfBenefit
	*Imaging // ImagingStudy
}

// Person holds the fields of a Patient, a Practitioner or an Organization.
type Person struct {
	// A string for an Organization, a list of HumanNames for a person.
	Name    json.RawMessage `json:"name"`
	Telecom []ContactPoint  `json:"telecom"`
	Address []Address       `json:"address"`

	Active               *bool            `json:"active,omitempty"`
	Gender               string           `json:"gender,omitempty"`
	BirthDate            *Date            `json:"birthDate,omitempty"`
	DeceasedDateTime     *time.Time       `json:"deceasedDateTime,omitempty"`
	MaritalStatus        *CodeableConcept `json:"maritalStatus,omitempty"`
	MultipleBirthBoolean *bool            `json:"multipleBirthBoolean,omitempty"`
	Communication        []struct {
		Language *CodeableConcept `json:"language"`
	} `json:"communication,omitempty"`
}

// Billing holds the fields of a Claim or an ExplanationOfBenefit.
type Billing struct {
	Use            string      `json:"use"`
	Created        time.Time   `json:"created"`
	BillablePeriod Period      `json:"billablePeriod"`
	Provider       Reference   `json:"provider"`
	Insurance      []Insurance `json:"insurance"`
	Item           []ClaimItem `json:"item"`
	// One Money for a Claim, a list of totals by category for an
	// ExplanationOfBenefit; decoded by whoever needs it.
	Total json.RawMessage `json:"total"`

	Priority       *CodeableConcept `json:"priority,omitempty"`
	Prescription   *Reference       `json:"prescription,omitempty"`
	Insurer        *Reference       `json:"insurer,omitempty"`
	Referral       *Reference       `json:"referral,omitempty"`
	Claim          *Reference       `json:"claim,omitempty"`
	Outcome        string           `json:"outcome,omitempty"`
	Diagnosis      []Diagnosis      `json:"diagnosis,omitempty"`
	Procedure      []ProcedureRef   `json:"procedure,omitempty"`
	SupportingInfo []SupportingInfo `json:"supportingInfo,omitempty"`
	Payment        *struct {
		Amount Money `json:"amount"`
	} `json:"payment,omitempty"`
}

// Imaging holds the fields of an ImagingStudy.
type Imaging struct {
	Started           time.Time `json:"started"`
	NumberOfSeries    uint32    `json:"numberOfSeries"`
	NumberOfInstances uint32    `json:"numberOfInstances"`
	Series            []Series  `json:"series"`
}

// Extension is a FHIR extension, with the value kinds the corpus uses.
type Extension struct {
	URL          string      `json:"url"`
	Extension    []Extension `json:"extension,omitempty"`
	ValueString  string      `json:"valueString,omitempty"`
	ValueCode    string      `json:"valueCode,omitempty"`
	ValueDecimal *float64    `json:"valueDecimal,omitempty"`
	ValueCoding  *Coding     `json:"valueCoding,omitempty"`
	ValueAddress *Address    `json:"valueAddress,omitempty"`
}

// Identifier is a business identifier such as a medical record number.
type Identifier struct {
	Use    string           `json:"use,omitempty"`
	Type   *CodeableConcept `json:"type,omitempty"`
	System string           `json:"system"`
	Value  string           `json:"value"`
}

// Coding is a code from a terminology system.
type Coding struct {
	System  string `json:"system"`
	Code    string `json:"code"`
	Display string `json:"display,omitempty"`
}

// CodeableConcept is a concept given by codes, text or both.
type CodeableConcept struct {
	Coding []*Coding `json:"coding,omitempty"`
	Text   string    `json:"text,omitempty"`
}

// Reference points at another resource, by URL, by name, or both.
type Reference struct {
	Reference string `json:"reference,omitempty"`
	Display   string `json:"display,omitempty"`
}

// Period is a time range; End is missing while it is ongoing.
type Period struct {
	Start time.Time  `json:"start"`
	End   *time.Time `json:"end,omitempty"`
}

// Quantity is a measured amount; a dose has only a value.
type Quantity struct {
	Value  float64 `json:"value"`
	Unit   string  `json:"unit,omitempty"`
	System string  `json:"system,omitempty"`
	Code   string  `json:"code,omitempty"`
}

// Money is an amount of a currency, kept in its decimal text.
type Money struct {
	Value    json.Number `json:"value"`
	Currency string      `json:"currency"`
}

// ContactPoint is a phone number or similar.
type ContactPoint struct {
	System string `json:"system"`
	Value  string `json:"value"`
	Use    string `json:"use,omitempty"`
}

// Address is a postal address, with a geolocation extension for a patient.
type Address struct {
	Extension  []Extension `json:"extension,omitempty"`
	Line       []string    `json:"line,omitempty"`
	City       string      `json:"city,omitempty"`
	State      string      `json:"state,omitempty"`
	PostalCode string      `json:"postalCode,omitempty"`
	Country    string      `json:"country,omitempty"`
}

// Participant is someone taking part in an encounter or a care team.
type Participant struct {
	Role       []CodeableConcept `json:"role,omitempty"`
	Individual *Reference        `json:"individual,omitempty"`
	Member     *Reference        `json:"member,omitempty"`
}

// Dosage says how a medication is taken.
type Dosage struct {
	Sequence        uint32 `json:"sequence"`
	AsNeededBoolean bool   `json:"asNeededBoolean"`
	Timing          *struct {
		Repeat struct {
			Frequency  uint32  `json:"frequency"`
			Period     float64 `json:"period"`
			PeriodUnit string  `json:"periodUnit"` // h, d, wk...
		} `json:"repeat"`
	} `json:"timing,omitempty"`
	DoseAndRate []struct {
		Type         *CodeableConcept `json:"type,omitempty"`
		DoseQuantity *Quantity        `json:"doseQuantity,omitempty"`
	} `json:"doseAndRate,omitempty"`
}

// CareTeamEntry is a reference to a CareTeam, or a numbered provider with
// a role.
type CareTeamEntry struct {
	Reference string           `json:"reference,omitempty"`
	Sequence  uint32           `json:"sequence,omitempty"`
	Provider  *Reference       `json:"provider,omitempty"`
	Role      *CodeableConcept `json:"role,omitempty"`
}

// Series is a set of images in an imaging study.
type Series struct {
	UID               string    `json:"uid"`
	Number            uint32    `json:"number"`
	Modality          Coding    `json:"modality"`
	BodySite          Coding    `json:"bodySite"`
	Started           time.Time `json:"started"`
	NumberOfInstances uint32    `json:"numberOfInstances"`
	Instance          []struct {
		UID      string `json:"uid"`
		Number   uint32 `json:"number"`
		Title    string `json:"title"`
		SOPClass Coding `json:"sopClass"`
	} `json:"instance"`
}

// Diagnosis is a condition a claim is for.
type Diagnosis struct {
	Sequence           uint32            `json:"sequence"`
	DiagnosisReference Reference         `json:"diagnosisReference"`
	Type               []CodeableConcept `json:"type,omitempty"`
}

// ProcedureRef is a procedure a claim is for.
type ProcedureRef struct {
	Sequence           uint32    `json:"sequence"`
	ProcedureReference Reference `json:"procedureReference"`
}

// SupportingInfo is extra information attached to a claim.
type SupportingInfo struct {
	Sequence       uint32          `json:"sequence"`
	Category       CodeableConcept `json:"category"`
	ValueReference Reference       `json:"valueReference"`
}

// Insurance is a coverage that a claim is made against.
type Insurance struct {
	Sequence uint32    `json:"sequence,omitempty"`
	Focal    bool      `json:"focal"`
	Coverage Reference `json:"coverage"`
}

// ClaimItem is a line of a claim or of an explanation of benefit.
type ClaimItem struct {
	Sequence                uint32           `json:"sequence"`
	DiagnosisSequence       []uint32         `json:"diagnosisSequence,omitempty"`
	ProcedureSequence       []uint32         `json:"procedureSequence,omitempty"`
	InformationSequence     []uint32         `json:"informationSequence,omitempty"`
	Category                *CodeableConcept `json:"category,omitempty"`
	ProductOrService        CodeableConcept  `json:"productOrService"`
	ServicedPeriod          *Period          `json:"servicedPeriod,omitempty"`
	LocationCodeableConcept *CodeableConcept `json:"locationCodeableConcept,omitempty"`
	Encounter               []Reference      `json:"encounter,omitempty"`
	Net                     *Money           `json:"net,omitempty"`
	Adjudication            []struct {
		Category CodeableConcept `json:"category"`
		Amount   *Money          `json:"amount,omitempty"`
	} `json:"adjudication,omitempty"`
}
